/* test_store.c: the statistics database: schema and migration, hands and matches, figures, refusals. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gw_test.h"
#include "gw_tmp.h"
#include "gw_raw_sqlite.h"
#include "gw/files.h"
#include "gw/store.h"

GW_TMP_FIXTURES("store")

/* ---- files ------------------------------------------------------------ */

static char *slurp(const char *path, size_t *len) {
    char *data;
    gw_error err;
    assert_int_equal(gw_file_read(path, &data, len, &err), GW_OK);
    return data;
}

static void put_file(const char *path, const char *data, size_t len) {
    gw_error err;
    assert_int_equal(gw_file_write(path, data, len, &err), GW_OK);
}

static bool exists(const char *path) {
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* Opening path fails with a message holding `why`, and leaves the file
 * byte for byte as it was, with no journal next to it. */
static void expect_refused(const char *path, const char *why) {
    size_t before_len, after_len;
    char *before = slurp(path, &before_len);
    gw_store *s = (gw_store *)1;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_EIO);
    assert_null(s);
    assert_int_equal(err.status, GW_EIO);
    if (!strstr(err.msg, why)) fail_msg("message '%s' lacks '%s'", err.msg, why);
    char *after = slurp(path, &after_len);
    assert_int_equal(before_len, after_len);
    assert_memory_equal(before, after, before_len);
    char journal[300];
    snprintf(journal, sizeof journal, "%s-journal", path);
    assert_false(exists(journal));
    free(before);
    free(after);
}

/* ---- a scripted sequence of matches ------------------------------------ */

static gw_store *open_default(void) {
    gw_store *s;
    gw_error err;
    if (gw_store_open(NULL, &s, &err) != GW_OK) fail_msg("open: %s", err.msg);
    return s;
}

static int64_t begin(gw_store *s, gw_variant v, gw_scoring sc, const char *opponent, uint64_t seed) {
    gw_store_match m = {{v, sc, 10}, opponent, seed, "2025-01-02 03:04:05", false, 0};
    int64_t id = 0;
    gw_error err;
    if (gw_store_begin_match(s, &m, &id, &err) != GW_OK) fail_msg("begin: %s", err.msg);
    return id;
}

/* The record text stored with each scripted hand. */
static void record_of(int64_t match, int number, char *out, size_t cap) {
    snprintf(out, cap, "[Hand \"%d\"]\n[Match \"%lld\"]\n\n1. AS 2S\n", number, (long long)match);
}

/* Adds hand `number` of match: w is 'W' (the human scores), 'L' (the
 * computer scores) or '-' (nobody). */
static int64_t hand(gw_store *s, int64_t match, int number, char w, bool slam, bool assisted,
                    int match_winner, int score0, int score1) {
    char rec[128];
    record_of(match, number, rec, sizeof rec);
    int winner = w == 'W' ? 0 : w == 'L' ? 1 : -1;
    gw_store_hand h = {.match_id = match,
                       .number = number,
                       .record = rec,
                       .played = "2025-01-02 04:00:00",
                       .tricks = {winner == 0   ? 9
                                  : winner == 1 ? 4
                                                : 13,
                                  winner == 0   ? 4
                                  : winner == 1 ? 9
                                                : 13},
                       .winner = winner,
                       .points = {winner == 0 ? (slam ? 10 : 2) : 0, winner == 1 ? (slam ? 10 : 2) : 0},
                       .slam = slam,
                       .assisted = assisted,
                       .score = {score0, score1},
                       .match_winner = match_winner};
    if (slam) {
        h.tricks[winner] = 13;
        h.tricks[1 - winner] = 0;
    }
    int64_t id = 0;
    gw_error err;
    if (gw_store_add_hand(s, &h, &id, &err) != GW_OK) fail_msg("hand: %s", err.msg);
    return id;
}

/* The sequence (hand ids 1 to 14, matches A to F):
 *   A classic hard: W W(slam) L W -> won     D classic hard: - L L -> lost
 *   B classic easy: L W W(assisted) -> abandoned
 *   C small hard: W W W(slam, assisted) -> won
 *   E classic expert: no hands           F small easy: L, unfinished */
static void play_script(gw_store *s) {
    int64_t a = begin(s, GW_CLASSIC, GW_LAST13, "hard", 1);
    int64_t b = begin(s, GW_CLASSIC, GW_LAST13, "easy", 2);
    int64_t c = begin(s, GW_SMALL, GW_EVERY, "hard", 18446744073709551615ull);
    assert_int_equal(hand(s, a, 1, 'W', false, false, -1, 2, 0), 1);
    assert_int_equal(hand(s, a, 2, 'W', true, false, -1, 12, 0), 2);
    assert_int_equal(hand(s, b, 1, 'L', false, false, -1, 0, 2), 3);
    assert_int_equal(hand(s, a, 3, 'L', false, false, -1, 12, 2), 4);
    assert_int_equal(hand(s, c, 1, 'W', false, false, -1, 2, 0), 5);
    assert_int_equal(hand(s, c, 2, 'W', false, false, -1, 4, 0), 6);
    assert_int_equal(hand(s, b, 2, 'W', false, false, -1, 2, 2), 7);
    assert_int_equal(hand(s, c, 3, 'W', true, true, 0, 14, 0), 8);
    assert_int_equal(hand(s, a, 4, 'W', false, false, 0, 14, 2), 9);
    assert_int_equal(hand(s, b, 3, 'W', false, true, -1, 4, 2), 10);
    gw_error err;
    assert_int_equal(gw_store_abandon_match(s, b, &err), GW_OK);
    int64_t d = begin(s, GW_CLASSIC, GW_LAST13, "hard", 4);
    begin(s, GW_CLASSIC, GW_LAST13, "expert", 5);
    int64_t f = begin(s, GW_SMALL, GW_LAST13, "easy", 6);
    assert_int_equal(hand(s, d, 1, '-', false, false, -1, 0, 0), 11);
    assert_int_equal(hand(s, d, 2, 'L', false, false, -1, 0, 2), 12);
    assert_int_equal(hand(s, d, 3, 'L', true, false, 1, 0, 12), 13);
    assert_int_equal(hand(s, f, 1, 'L', false, false, -1, 0, 2), 14);
}

typedef struct want {
    const char *variant, *scoring;
    int target;
    const char *opponent;
    int matches, matches_won, hands, hands_won, slams, longest, current, assisted;
} want;

/* One row per set of rules and opponent: small last13 before small every (gw_scoring order). */
static void expect_stats(gw_store *s) {
    static const want WANT[] = {
        {"classic", "last13", 10, "easy", 0, 0, 3, 2, 0, 2, 2, 1},
        {"classic", "last13", 10, "hard", 2, 1, 7, 3, 1, 2, 0, 0},
        {"small", "last13", 10, "easy", 0, 0, 1, 0, 0, 0, 0, 0},
        {"small", "every", 10, "hard", 1, 1, 3, 3, 1, 3, 3, 1},
        {"all", "all", 0, "all", 3, 2, 14, 8, 2, 6, 0, 2},
    };
    gw_stats *rows;
    int count;
    gw_error err;
    assert_int_equal(gw_store_stats(s, &rows, &count, &err), GW_OK);
    assert_int_equal(count, 5);
    for (int i = 0; i < count; i++) {
        const want *w = &WANT[i];
        const gw_stats *r = &rows[i];
        assert_string_equal(r->variant, w->variant);
        assert_string_equal(r->scoring, w->scoring);
        assert_int_equal(r->target, w->target);
        assert_string_equal(r->opponent, w->opponent);
        assert_int_equal(r->matches, w->matches);
        assert_int_equal(r->matches_won, w->matches_won);
        assert_int_equal(r->hands, w->hands);
        assert_int_equal(r->hands_won, w->hands_won);
        assert_int_equal(r->slams, w->slams);
        assert_int_equal(r->longest_streak, w->longest);
        assert_int_equal(r->current_streak, w->current);
        assert_int_equal(r->assisted, w->assisted);
    }
    free(rows);
}

/* ---- tests -------------------------------------------------------------- */

static void test_open_creates_schema(void **state) {
    (void)state;
    gw_store *s = open_default();
    const char *path = in_root("data/whist/whist.db");
    assert_string_equal(gw_store_file(s), path);
    char shown[256];
    gw_error err;
    assert_int_equal(gw_store_path(shown, sizeof shown, &err), GW_OK);
    assert_string_equal(shown, path);
    /* no hands: the total row alone, zeros */
    gw_stats *rows;
    int count;
    assert_int_equal(gw_store_stats(s, &rows, &count, &err), GW_OK);
    assert_int_equal(count, 1);
    assert_string_equal(rows[0].variant, "all");
    assert_string_equal(rows[0].opponent, "all");
    assert_int_equal(rows[0].hands + rows[0].matches + rows[0].longest_streak, 0);
    free(rows);
    gw_store_entry *list;
    assert_int_equal(gw_store_history(s, 0, &list, &count, &err), GW_OK);
    assert_int_equal(count, 0);
    free(list);
    gw_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), GW_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "PRAGMA application_id"), 0x47574442);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM sqlite_master WHERE name IN ('matches', 'hands')"),
                     2);
    gw_store_close(NULL);
}

static void test_stats_and_history(void **state) {
    (void)state;
    gw_store *s = open_default();
    play_script(s);
    expect_stats(s);
    gw_store_entry *list;
    int count;
    gw_error err;
    assert_int_equal(gw_store_history(s, 0, &list, &count, &err), GW_OK);
    assert_int_equal(count, 14);
    for (int i = 0; i < count; i++)
        assert_int_equal(list[i].id, 14 - i);
    const gw_store_entry *e = &list[14 - 8]; /* hand 8: C's third, a slam */
    assert_int_equal(e->id, 8);
    assert_int_equal(e->match_id, 3);
    assert_int_equal(e->number, 3);
    assert_string_equal(e->played, "2025-01-02 04:00:00");
    assert_string_equal(e->variant, "small");
    assert_string_equal(e->scoring, "every");
    assert_string_equal(e->opponent, "hard");
    assert_int_equal(e->target, 10);
    assert_int_equal(e->tricks[0], 13);
    assert_int_equal(e->tricks[1], 0);
    assert_int_equal(e->winner, 0);
    assert_int_equal(e->points, 10);
    assert_true(e->slam);
    assert_true(e->assisted);
    assert_int_equal(e->score[0], 14);
    assert_int_equal(e->score[1], 0);
    assert_int_equal(list[0].winner, 1);
    assert_int_equal(list[3].winner, -1); /* hand 11: nobody scored */
    free(list);
    assert_int_equal(gw_store_history(s, 3, &list, &count, &err), GW_OK);
    assert_int_equal(count, 3);
    assert_int_equal(list[0].id, 14);
    assert_int_equal(list[2].id, 12);
    free(list);
    assert_int_equal(gw_store_history(s, 100, &list, &count, &err), GW_OK);
    assert_int_equal(count, 14);
    free(list);
    assert_int_equal(gw_store_history(s, -1, &list, &count, &err), GW_EINVAL);
    /* the record of every hand comes back as it went in */
    for (int64_t id = 1; id <= 14; id++) {
        char *text;
        assert_int_equal(gw_store_record(s, id, &text, &err), GW_OK);
        assert_non_null(strstr(text, "1. AS 2S\n"));
        free(text);
    }
    char *text = NULL, expected[128];
    assert_int_equal(gw_store_record(s, 8, &text, &err), GW_OK);
    record_of(3, 3, expected, sizeof expected);
    assert_string_equal(text, expected);
    free(text);
    text = (char *)1;
    assert_int_equal(gw_store_record(s, 99, &text, &err), GW_EINVAL);
    assert_string_equal(err.msg, "no hand 99");
    assert_null(text);
    gw_store_close(s);
    /* reopened, everything is still there */
    s = open_default();
    expect_stats(s);
    gw_store_close(s);
    const char *path = in_root("data/whist/whist.db");
    assert_int_equal(raw_int(path, "SELECT seed = '18446744073709551615' FROM matches WHERE id = 3"), 1);
    assert_int_equal(raw_int(path, "SELECT winner FROM matches WHERE id = 1"), 0);
    assert_int_equal(raw_int(path, "SELECT winner FROM matches WHERE id = 4"), 1);
    assert_int_equal(raw_int(path, "SELECT winner IS NULL AND abandoned FROM matches WHERE id = 2"), 1);
    assert_int_equal(raw_int(path, "SELECT winner IS NULL AND NOT abandoned FROM matches WHERE id = 6"), 1);
    assert_int_equal(raw_int(path, "SELECT score0 * 100 + score1 FROM matches WHERE id = 1"), 1402);
    assert_int_equal(raw_int(path, "SELECT started = '2025-01-02 03:04:05' FROM matches WHERE id = 1"), 1);
}

static void test_refused_writes(void **state) {
    (void)state;
    /* the database of the previous test: matches 1 (won), 2 (abandoned), 6 (going on) */
    gw_store *s = open_default();
    const char *path = in_root("data/whist/whist.db");
    int hands = raw_int(path, "SELECT count(*) FROM hands");
    gw_store_hand h = {
        .match_id = 1, .number = 5, .record = "[Hand \"5\"]\n", .winner = 0, .match_winner = -1};
    gw_error err;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_ESTATE);
    assert_string_equal(err.msg, "match 1 is over");
    h.match_id = 2;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_ESTATE);
    assert_string_equal(err.msg, "match 2 was abandoned");
    h.match_id = 77;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    assert_string_equal(err.msg, "no match 77");
    h.match_id = 6;
    h.number = 1; /* stored already */
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_ESTATE);
    assert_string_equal(err.msg, "hand 1 of match 6 is stored already");
    h.number = 2;
    h.winner = 2;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    h.winner = 0;
    h.record = "";
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    h.record = NULL;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    h.record = "x";
    h.number = 0;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    h.number = 2;
    h.match_winner = 3;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM hands"), hands);
    /* abandoning */
    assert_int_equal(gw_store_abandon_match(s, 77, &err), GW_EINVAL);
    assert_int_equal(gw_store_abandon_match(s, 1, &err), GW_ESTATE);
    assert_int_equal(gw_store_abandon_match(s, 2, &err), GW_ESTATE);
    /* bad matches */
    int64_t id = 0;
    gw_store_match m = {{GW_CLASSIC, GW_LAST13, 0}, "hard", 1, NULL, false, 0};
    assert_int_equal(gw_store_begin_match(s, &m, &id, &err), GW_EINVAL);
    m.rules.target = 1001;
    assert_int_equal(gw_store_begin_match(s, &m, &id, &err), GW_EINVAL);
    m.rules.target = 10;
    m.rules.scoring = (gw_scoring)4;
    assert_int_equal(gw_store_begin_match(s, &m, &id, &err), GW_EINVAL);
    m.rules.scoring = GW_LAST13;
    m.opponent = "";
    assert_int_equal(gw_store_begin_match(s, &m, &id, &err), GW_EINVAL);
    m.opponent = "hard"; /* started NULL: now */
    assert_int_equal(gw_store_begin_match(s, &m, &id, &err), GW_OK);
    assert_int_equal(id, 7);
    gw_store_close(s);
    assert_int_equal(
        raw_int(
            path,
            "SELECT length(started) = 19 AND started LIKE '2___-__-__ __:__:__' FROM matches WHERE id = 7"),
        1);
    expect_stats(s = open_default()); /* nothing changed the figures */
    gw_store_close(s);
}

/* A hand that ends a match is stored with the match's result or not at all. */
static void test_hand_and_result_together(void **state) {
    (void)state;
    const char *path = in_root("tx.db");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    int64_t m = begin(s, GW_CLASSIC, GW_LAST13, "hard", 9);
    hand(s, m, 1, 'W', false, false, -1, 2, 0);
    /* the second write of the transaction fails as a crash would stop it */
    raw_exec(path, "CREATE TRIGGER crash BEFORE UPDATE OF winner ON matches WHEN NEW.winner IS NOT NULL "
                   "BEGIN SELECT RAISE(ABORT, 'simulated crash'); END");
    gw_store_hand h = {.match_id = m,
                       .number = 2,
                       .record = "r",
                       .tricks = {9, 4},
                       .winner = 0,
                       .points = {8, 0},
                       .score = {10, 0},
                       .match_winner = 0};
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "simulated crash"));
    assert_int_equal(raw_int(path, "SELECT count(*) FROM hands"), 1);
    assert_int_equal(raw_int(path, "SELECT winner IS NULL AND score0 = 2 FROM matches"), 1);
    raw_exec(path, "DROP TRIGGER crash");
    int64_t id = 0;
    assert_int_equal(gw_store_add_hand(s, &h, &id, &err), GW_OK);
    assert_int_equal(id, 2);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM hands"), 2);
    assert_int_equal(raw_int(path, "SELECT winner = 0 AND score0 = 10 FROM matches"), 1);
    gw_store_close(s);
}

/* Two connections (two whist processes) write to one database. */
static void test_two_connections(void **state) {
    (void)state;
    const char *path = in_root("two.db");
    gw_store *s1, *s2;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s1, &err), GW_OK);
    assert_int_equal(gw_store_open(path, &s2, &err), GW_OK);
    int64_t m1 = begin(s1, GW_CLASSIC, GW_LAST13, "hard", 1), m2 = begin(s2, GW_SMALL, GW_LAST13, "easy", 2);
    hand(s1, m1, 1, 'W', false, false, -1, 2, 0);
    hand(s2, m2, 1, 'L', false, false, -1, 0, 2);
    hand(s2, m1, 2, 'W', false, false, 0, 12, 0);
    gw_stats *rows;
    int count;
    assert_int_equal(gw_store_stats(s1, &rows, &count, &err), GW_OK);
    assert_int_equal(count, 3);
    assert_int_equal(rows[2].hands, 3);
    assert_int_equal(rows[2].matches, 1);
    free(rows);
    gw_store_close(s1);
    gw_store_close(s2);
}

static void test_garbage_refused(void **state) {
    (void)state;
    char garbage[3000];
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < sizeof garbage; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        garbage[i] = (char)(x >> 56);
    }
    put_file(in_root("garbage.db"), garbage, sizeof garbage);
    expect_refused(in_root("garbage.db"), "is not a whist database (not even an SQLite file)");
    /* text, short */
    put_file(in_root("text.db"), "hello\n", 6);
    expect_refused(in_root("text.db"), "is not a whist database");
    /* the default database too */
    gw_error err;
    char dir[256];
    assert_int_equal(gw_xdg_dir(GW_XDG_DATA, NULL, dir, sizeof dir, &err), GW_OK);
    assert_int_equal(rename(in_root("data/whist/whist.db"), in_root("saved.db")), 0);
    put_file(in_root("data/whist/whist.db"), garbage, sizeof garbage);
    gw_store *s = (gw_store *)1;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_EIO);
    assert_null(s);
    assert_non_null(strstr(err.msg, in_root("data/whist/whist.db")));
    assert_int_equal(rename(in_root("saved.db"), in_root("data/whist/whist.db")), 0);
}

static void test_foreign_database_refused(void **state) {
    (void)state;
    const char *path = in_root("foreign.db");
    raw_exec(path,
             "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('x')");
    expect_refused(path, "is not a whist database (it belongs to another program)");
    /* another program's database that uses user_version too */
    raw_exec(path, "PRAGMA user_version = 99");
    expect_refused(path, "is not a whist database");
    /* an empty database that is not whist's: another application id */
    const char *other = in_root("other-app.db");
    raw_exec(other, "PRAGMA application_id = 12345");
    expect_refused(other, "is not a whist database");
}

static void test_newer_schema_refused(void **state) {
    (void)state;
    const char *path = in_root("newer.db");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_close(s);
    raw_exec(path, "PRAGMA user_version = 99");
    expect_refused(path, "was written by a newer whist (schema version 99; this one knows up to 6)");
}

/* A running-total hand: both score; the stored figures and history say so,
 * and the statistics count the hand as won by whoever took more tricks. */
static void test_total_hands(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(in_root("total.db"), &s, &err), GW_OK);
    int64_t m = begin(s, GW_CLASSIC, GW_TOTAL, "hard", 5);
    gw_store_hand h = {.match_id = m,
                       .number = 1,
                       .record = "r1",
                       .tricks = {8, 5},
                       .winner = 0,
                       .points = {8, 5},
                       .score = {8, 5},
                       .match_winner = -1};
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_OK);
    h.number = 2;
    h.record = "r2";
    h.tricks[0] = h.points[0] = 3;
    h.tricks[1] = h.points[1] = 10;
    h.winner = 1;
    h.score[0] = 11;
    h.score[1] = 15;
    h.match_winner = 1;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_OK);
    h.points[1] = -1; /* refused */
    h.number = 3;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_EINVAL);
    gw_store_entry *list;
    int count;
    assert_int_equal(gw_store_history(s, 0, &list, &count, &err), GW_OK);
    assert_int_equal(count, 2);
    assert_string_equal(list[1].scoring, "total");
    assert_int_equal(list[1].winner, 0);
    assert_int_equal(list[1].points, 8); /* the winner's */
    assert_int_equal(list[1].scored[0], 8);
    assert_int_equal(list[1].scored[1], 5);
    assert_int_equal(list[0].winner, 1);
    assert_int_equal(list[0].points, 10);
    assert_int_equal(list[0].scored[0], 3);
    assert_int_equal(list[0].scored[1], 10);
    assert_int_equal(list[0].score[0], 11);
    assert_int_equal(list[0].score[1], 15);
    free(list);
    gw_stats *rows;
    assert_int_equal(gw_store_stats(s, &rows, &count, &err), GW_OK);
    assert_int_equal(count, 2);
    assert_int_equal(rows[1].hands, 2);
    assert_int_equal(rows[1].hands_won, 1);
    assert_int_equal(rows[1].matches, 1);
    assert_int_equal(rows[1].matches_won, 0);
    free(rows);
    gw_store_close(s);
}

/* Makes path a version 1 database (German Whist only; one points column,
 * the winner's), then runs rows (its INSERTs) on it. */
static void make_version_1(const char *path, const char *rows) {
    raw_exec(path,
             "CREATE TABLE matches (id INTEGER PRIMARY KEY, started TEXT NOT NULL, variant TEXT NOT NULL, "
             "scoring TEXT NOT NULL, target INTEGER NOT NULL, opponent TEXT NOT NULL, seed TEXT NOT NULL, "
             "winner INTEGER, abandoned INTEGER NOT NULL DEFAULT 0, score0 INTEGER NOT NULL DEFAULT 0, "
             "score1 INTEGER NOT NULL DEFAULT 0);"
             "CREATE TABLE hands (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES matches(id), "
             "number INTEGER NOT NULL, played TEXT NOT NULL, record TEXT NOT NULL, tricks0 INTEGER NOT NULL, "
             "tricks1 INTEGER NOT NULL, winner INTEGER NOT NULL, points INTEGER NOT NULL, slam INTEGER NOT "
             "NULL, assisted INTEGER NOT NULL, score0 INTEGER NOT NULL, score1 INTEGER NOT NULL, "
             "UNIQUE (match_id, number));"
             "PRAGMA application_id = 1196901442; PRAGMA user_version = 1;");
    raw_exec(path, rows);
}

/* A version 1 database (one points column, the winner's) is brought to
 * version 2: each player's points, the loser's 0. */
static void test_version_1_migrated(void **state) {
    (void)state;
    const char *path = in_root("v1.db");
    make_version_1(
        path, "INSERT INTO matches VALUES (1, '2025-01-01 10:00:00', 'classic', 'last13', 10, 'hard', '7', "
              "NULL, 0, 2, 3);"
              "INSERT INTO hands VALUES (1, 1, 1, '2025-01-01 10:05:00', 'r', 8, 5, 0, 2, 0, 0, 2, 0);"
              "INSERT INTO hands VALUES (2, 1, 2, '2025-01-01 10:10:00', 'r', 4, 9, 1, 3, 0, 0, 2, 3);"
              "INSERT INTO hands VALUES (3, 1, 3, '2025-01-01 10:15:00', 'r', 13, 13, -1, 0, 0, 0, 2, 3);");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_entry *list;
    int count;
    assert_int_equal(gw_store_history(s, 0, &list, &count, &err), GW_OK);
    assert_int_equal(count, 3);
    static const int WANT[3][3] = {{0, 0, 0}, {3, 0, 3}, {2, 2, 0}}; /* hand 3, 2, 1: points, scored */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(list[i].points, WANT[i][0]);
        assert_int_equal(list[i].scored[0], WANT[i][1]);
        assert_int_equal(list[i].scored[1], WANT[i][2]);
    }
    free(list);
    gw_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), GW_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "SELECT sum(points0) * 100 + sum(points1) FROM hands"), 203);
}

static void test_empty_file_migrated(void **state) {
    (void)state;
    const char *path = in_root("empty.db");
    put_file(path, "", 0); /* version 0: an empty database */
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    int64_t m = begin(s, GW_CLASSIC, GW_LAST13, "hard", 3);
    hand(s, m, 1, 'W', false, false, -1, 2, 0);
    gw_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), GW_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM hands"), 1);
    /* an SQLite database with nothing in it (any more), version 0 */
    const char *blank = in_root("blank.db");
    raw_exec(blank, "CREATE TABLE t (x); DROP TABLE t");
    assert_true(exists(blank));
    assert_int_equal(gw_store_open(blank, &s, &err), GW_OK);
    gw_store_close(s);
    assert_int_equal(raw_int(blank, "PRAGMA user_version"), GW_STORE_SCHEMA);
}

static void test_corrupt_refused(void **state) {
    (void)state;
    const char *path = in_root("corrupt.db");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    play_script(s);
    gw_store_close(s);
    size_t len;
    char *data = slurp(path, &len);
    int page = raw_int(path, "PRAGMA page_size");
    assert_true(len >= (size_t)page * 3);
    memset(data + page * 2, 0x5A, (size_t)page); /* page 3 */
    put_file(path, data, len);
    free(data);
    expect_refused(path, "is corrupt");
}

static void test_unusable_folder(void **state) {
    (void)state;
    gw_store *s = (gw_store *)1;
    gw_error err;
    /* a folder on the way is a regular file: even root cannot use it */
    put_file(in_root("a-file"), "x", 1);
    assert_int_equal(gw_store_open(in_root("a-file/whist.db"), &s, &err), GW_EIO);
    assert_null(s);
    assert_non_null(strstr(err.msg, "a-file is not a folder"));
    assert_int_equal(gw_store_open(in_root("a-file/deeper/whist.db"), &s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "Not a directory"));
    char path[256];
    snprintf(path, sizeof path, "%s/a-file/data", root);
    setenv("XDG_DATA_HOME", path, 1);
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "cannot create"));
    point_env_at_root();
    /* the database's name is taken by a folder */
    assert_int_equal(mkdir(in_root("dir.db"), 0755), 0);
    assert_int_equal(gw_store_open(in_root("dir.db"), &s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "is not a regular file"));
}

static void test_read_only_folder(void **state) {
    (void)state;
    const char *dir = in_root("ro");
    assert_int_equal(mkdir(dir, 0755), 0);
    const char *path = in_root("ro/whist.db");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_close(s);
    assert_int_equal(chmod(dir, 0500), 0);
    FILE *probe = fopen(in_root("ro/probe"), "w");
    if (probe) { /* root writes anyway */
        fclose(probe);
        skip();
    }
    expect_refused(path, "cannot write in");
    assert_int_equal(gw_store_open(in_root("ro/new.db"), &s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "Permission denied"));
    assert_int_equal(chmod(dir, 0755), 0);
    assert_int_equal(chmod(path, 0400), 0);
    expect_refused(path, "cannot write");
}

/* ---- Android Whist ---------------------------------------------------------------------------------- */

/* Adds Android Whist hand `number` of rubber r: w 'W' (player 1's side scores) or 'L'. */
static int64_t android_hand(gw_store *s, int64_t r, int number, char w, int points, int game_winner,
                            int games0, int games1, int rubber_winner) {
    char rec[128];
    snprintf(rec, sizeof rec, "[Game \"Android Whist\"]\n[Hand \"%d\"]\n\n1. AS\n", number);
    int winner = w == 'W' ? 0 : 1;
    gw_store_android_hand h = {
        .rubber_id = r,
        .number = number,
        .record = rec,
        .played = "2025-02-03 04:05:06",
        .tricks = {winner == 0 ? 6 + points : 7 - points, winner == 0 ? 7 - points : 6 + points},
        .winner = winner,
        .points = points,
        .score = {winner == 0 ? points : 0, winner == 1 ? points : 0},
        .game_winner = game_winner,
        .games = {games0, games1},
        .values = {games0 * 2, games1 * 2},
        .rubber_winner = rubber_winner};
    int64_t id = 0;
    gw_error err;
    if (gw_store_add_android_hand(s, &h, &id, &err) != GW_OK) fail_msg("android hand: %s", err.msg);
    return id;
}

static int64_t begin_rubber(gw_store *s, const char *opponent) {
    gw_store_rubber r = {opponent, 42, "2025-02-03 04:00:00", false, 0};
    int64_t id = 0;
    gw_error err;
    if (gw_store_begin_rubber(s, &r, &id, &err) != GW_OK) fail_msg("begin rubber: %s", err.msg);
    return id;
}

/* Rubbers stored beside German Whist matches: one numbering of hands, the
 * history of both games, records back, statistics, refusals. */
static void test_android(void **state) {
    (void)state;
    const char *path = in_root("android.db");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    int64_t m = begin(s, GW_CLASSIC, GW_LAST13, "hard", 3);
    assert_int_equal(hand(s, m, 1, 'W', false, false, -1, 2, 0), 1);
    int64_t r1 = begin_rubber(s, "hard");
    assert_int_equal(android_hand(s, r1, 1, 'W', 5, 0, 1, 0, -1), 2); /* ids shared with German hands */
    assert_int_equal(hand(s, m, 2, 'L', false, false, -1, 2, 2), 3);
    assert_int_equal(android_hand(s, r1, 2, 'L', 2, -1, 1, 0, -1), 4);
    assert_int_equal(android_hand(s, r1, 3, 'W', 5, 0, 2, 0, 0), 5); /* the rubber is won */
    int64_t r2 = begin_rubber(s, "easy");
    assert_int_equal(android_hand(s, r2, 1, 'L', 3, -1, 0, 0, -1), 6);
    assert_int_equal(gw_store_abandon_rubber(s, r2, &err), GW_OK);
    int64_t r3 = begin_rubber(s, "human");
    assert_int_equal(android_hand(s, r3, 1, 'W', 1, -1, 0, 0, -1), 7);

    /* refusals */
    gw_store_android_hand bad = {.rubber_id = r1,
                                 .number = 4,
                                 .record = "x",
                                 .winner = 0,
                                 .points = 1,
                                 .game_winner = -1,
                                 .rubber_winner = -1};
    assert_int_equal(gw_store_add_android_hand(s, &bad, NULL, &err), GW_ESTATE);
    assert_non_null(strstr(err.msg, "is over"));
    bad.rubber_id = r2;
    assert_int_equal(gw_store_add_android_hand(s, &bad, NULL, &err), GW_ESTATE);
    assert_non_null(strstr(err.msg, "abandoned"));
    bad.rubber_id = 99;
    assert_int_equal(gw_store_add_android_hand(s, &bad, NULL, &err), GW_EINVAL);
    bad.rubber_id = r3;
    bad.number = 1;
    assert_int_equal(gw_store_add_android_hand(s, &bad, NULL, &err), GW_ESTATE); /* stored already */
    bad.number = 2;
    bad.winner = 2;
    assert_int_equal(gw_store_add_android_hand(s, &bad, NULL, &err), GW_EINVAL);
    bad.winner = 0;
    bad.record = "";
    assert_int_equal(gw_store_add_android_hand(s, &bad, NULL, &err), GW_EINVAL);
    assert_int_equal(gw_store_abandon_rubber(s, r1, &err), GW_ESTATE);
    gw_store_rubber nameless = {"", 1, NULL, false, 0};
    int64_t id;
    assert_int_equal(gw_store_begin_rubber(s, &nameless, &id, &err), GW_EINVAL);

    /* history: both games, newest first */
    gw_store_entry *list;
    int count;
    assert_int_equal(gw_store_history(s, 0, &list, &count, &err), GW_OK);
    assert_int_equal(count, 7);
    for (int i = 0; i < count; i++)
        assert_int_equal(list[i].id, 7 - i);
    assert_true(list[0].android);
    assert_string_equal(list[0].opponent, "human");
    assert_string_equal(list[0].variant, "android");
    assert_false(list[4].android); /* hand 3: German Whist */
    assert_string_equal(list[4].variant, "classic");
    const gw_store_entry *e = &list[2]; /* hand 5: the rubber's last */
    assert_true(e->android);
    assert_int_equal(e->match_id, r1);
    assert_int_equal(e->number, 3);
    assert_int_equal(e->winner, 0);
    assert_int_equal(e->points, 5);
    assert_int_equal(e->tricks[0], 11);
    assert_string_equal(e->played, "2025-02-03 04:05:06");
    free(list);
    char *text;
    assert_int_equal(gw_store_record(s, 4, &text, &err), GW_OK);
    assert_string_equal(text, "[Game \"Android Whist\"]\n[Hand \"2\"]\n\n1. AS\n");
    free(text);
    assert_int_equal(gw_store_record(s, 3, &text, &err), GW_OK);
    assert_non_null(strstr(text, "1. AS 2S"));
    free(text);

    /* statistics: hard (rubber won), easy (abandoned), human; then all */
    gw_android_stats *rows;
    assert_int_equal(gw_store_android_stats(s, &rows, &count, &err), GW_OK);
    assert_int_equal(count, 4);
    assert_string_equal(rows[0].opponent, "easy");
    assert_string_equal(rows[1].opponent, "hard");
    assert_string_equal(rows[2].opponent, "human");
    assert_string_equal(rows[3].opponent, "all");
    const gw_android_stats *h = &rows[1];
    assert_int_equal(h->rubbers, 1);
    assert_int_equal(h->rubbers_won, 1);
    assert_int_equal(h->hands, 3);
    assert_int_equal(h->hands_won, 2);
    assert_int_equal(h->games, 2);
    assert_int_equal(h->games_won, 2);
    assert_int_equal(h->points, 10);
    assert_int_equal(h->points_against, 2);
    assert_int_equal(h->longest_streak, 1);
    assert_int_equal(h->current_streak, 1);
    assert_int_equal(rows[0].rubbers, 0); /* abandoned */
    assert_int_equal(rows[0].points_against, 3);
    const gw_android_stats *all = &rows[3];
    assert_int_equal(all->rubbers, 1);
    assert_int_equal(all->hands, 5);
    assert_int_equal(all->hands_won, 3);
    assert_int_equal(all->current_streak, 1);
    assert_int_equal(all->longest_streak, 1);
    free(rows);
    /* German Whist figures do not count Android Whist hands */
    gw_stats *g;
    assert_int_equal(gw_store_stats(s, &g, &count, &err), GW_OK);
    assert_int_equal(g[count - 1].hands, 2);
    free(g);
    gw_store_close(s);
    assert_int_equal(raw_int(path, "SELECT winner FROM rubbers WHERE id = 1"), 0);
    assert_int_equal(raw_int(path, "SELECT games0 * 10 + value0 FROM rubbers WHERE id = 1"), 24);
    assert_int_equal(raw_int(path, "SELECT abandoned FROM rubbers WHERE id = 2"), 1);
}

/* No Android Whist hands: the total row alone, zeros. */
static void test_android_empty(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(in_root("android-empty.db"), &s, &err), GW_OK);
    gw_android_stats *rows;
    int count;
    assert_int_equal(gw_store_android_stats(s, &rows, &count, &err), GW_OK);
    assert_int_equal(count, 1);
    assert_string_equal(rows[0].opponent, "all");
    assert_int_equal(rows[0].hands + rows[0].rubbers + rows[0].points, 0);
    free(rows);
    gw_store_close(s);
}

/* A version 1 database (German Whist only) is brought to version 2 on open,
 * its matches and hands kept, and new hands numbered after the old ones. */
static void test_migrate_from_version_1(void **state) {
    (void)state;
    const char *path = in_root("v1-android.db");
    make_version_1(
        path, "INSERT INTO matches (started, variant, scoring, target, opponent, seed) "
              "VALUES ('2024-01-01 00:00:00', 'classic', 'last13', 10, 'hard', '7');"
              "INSERT INTO hands VALUES (1, 1, 1, '2024-01-01 00:10:00', 'rec', 8, 5, 0, 2, 0, 0, 2, 0);");
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), GW_STORE_SCHEMA);
    int64_t r = begin_rubber(s, "hard");
    assert_int_equal(android_hand(s, r, 1, 'W', 1, -1, 0, 0, -1), 2);
    gw_stats *rows;
    int count;
    assert_int_equal(gw_store_stats(s, &rows, &count, &err), GW_OK);
    assert_int_equal(rows[count - 1].hands, 1);
    assert_int_equal(rows[count - 1].hands_won, 1);
    free(rows);
    gw_store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_creates_schema),
        cmocka_unit_test(test_stats_and_history),
        cmocka_unit_test(test_refused_writes),
        cmocka_unit_test(test_hand_and_result_together),
        cmocka_unit_test(test_two_connections),
        cmocka_unit_test(test_garbage_refused),
        cmocka_unit_test(test_foreign_database_refused),
        cmocka_unit_test(test_newer_schema_refused),
        cmocka_unit_test(test_total_hands),
        cmocka_unit_test(test_version_1_migrated),
        cmocka_unit_test(test_empty_file_migrated),
        cmocka_unit_test(test_corrupt_refused),
        cmocka_unit_test(test_unusable_folder),
        cmocka_unit_test(test_read_only_folder),
        cmocka_unit_test(test_android),
        cmocka_unit_test(test_android_empty),
        cmocka_unit_test(test_migrate_from_version_1),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
