/* util.c: option values, seeds, hand display, record files and resuming. */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "gw/files.h"

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "whist %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'whist %s --help'.\n", cmd);
    return CLI_USAGE;
}

int cli_bad_option(const char *cmd, char **argv, int index) {
    const char *word = argv[index > 0 ? index - 1 : 0];
    return cli_usage_error(cmd, "unknown option or missing value: '%s'", word);
}

bool cli_parse_variant(const char *cmd, const char *s, gw_variant *out) {
    if (gw_variant_parse(s, out)) return true;
    cli_usage_error(cmd, "unknown variant '%s' (classic or small)", s);
    return false;
}

bool cli_parse_scoring(const char *cmd, const char *s, gw_scoring *out) {
    if (gw_scoring_parse(s, out)) return true;
    cli_usage_error(cmd, "unknown scoring '%s' (last13, every, difference or total)", s);
    return false;
}

bool cli_parse_seed(const char *cmd, const char *s, uint64_t *out) {
    gw_error err;
    if (gw_seed_parse(s, out, &err)) return true;
    cli_usage_error(cmd, "%s", err.msg);
    return false;
}

void cli_print_hand(FILE *f, gw_cards hand, int trump, gw_suit_style style) {
    int order[GW_SUITS];
    gw_suit_order(trump, style, order);
    bool first = true;
    for (int i = 0; i < GW_SUITS; i++) {
        gw_cards suit = hand & gw_suit_cards(order[i]);
        if (!suit) continue;
        char text[64];
        gw_cards_format_list(suit, NULL, ' ', text, (int)sizeof text);
        fprintf(f, "%s%s", first ? "" : "  ", text);
        first = false;
    }
    if (first) fputs("(none)", f);
}

const char *cli_card(gw_card c) {
    static char names[8][3];
    static int next;
    char *out = names[next++ % 8];
    if (c == GW_NO_CARD) return "--";
    gw_card_format(c, out);
    return out;
}

void cli_record_save(cli_record_file *f, const gw_text *text) {
    if (!f->has_path) return;
    char why[256] = "out of memory";
    gw_error err;
    bool ok = !text->failed && gw_file_write(f->path, text->data, text->len, &err) == GW_OK;
    if (!ok && !text->failed) snprintf(why, sizeof why, "%s", err.msg);
    if (!ok && (f->save_ok || strcmp(why, f->save_why) != 0))
        fprintf(stderr, "warning: cannot save the record to %s: %s (the game goes on)\n", f->path, why);
    if (!ok) snprintf(f->save_why, sizeof f->save_why, "%s", why);
    f->save_ok = ok;
}

int cli_record_finish(const cli_record_file *f, const gw_text *text) {
    if (f->has_path && f->save_ok) {
        printf("The record is saved in %s\n", f->path);
        return CLI_OK;
    }
    printf("The record could not be saved%s%s; here it is, to keep:\n\n%s", f->has_path ? ": " : "",
           f->has_path ? f->save_why : "", gw_text_str(text));
    return CLI_FAIL;
}

cli_line cli_read_line(char *line, size_t cap, size_t *len) {
    size_t n = 0;
    bool any = false, too_long = false;
    int ch;
    while ((ch = getchar()) != EOF) {
        any = true;
        if (ch == '\n') break;
        if (n < cap - 1)
            line[n++] = (char)ch;
        else
            too_long = true;
    }
    if (!any) return LINE_EOF;
    if (too_long) return LINE_LONG;
    return cli_line_clean(line, n, len);
}

void cli_today(char date[16]) {
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, 16, "%Y.%m.%d", &tm);
    else
        snprintf(date, 16, "????.??.??");
}

void cli_record_default(cli_record_file *f, const char *prefix, uint64_t seed) {
    if (f->has_path) return;
    char dir[3500];
    gw_error err;
    if (gw_xdg_dir(GW_XDG_DATA, "games", dir, sizeof dir, &err) == GW_OK) {
        snprintf(f->path, sizeof f->path, "%s/%s-%llu.gwr", dir, prefix, (unsigned long long)seed);
        f->has_path = true;
    } else {
        fprintf(stderr, "warning: %s; the record will be printed at the end instead\n", err.msg);
    }
}

/* ---- where a record goes ------------------------------------------------- */

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

static bool regular_or_missing(const char *path) {
    struct stat st;
    return stat(path, &st) != 0 || S_ISREG(st.st_mode);
}

/* Takes f's lock: true when held, or when no lock can be made at all (the
 * saving then tells what is wrong with the place); false when another whist
 * holds it (*holder: its process id, 0 if unknown). */
static bool take_lock(cli_record_file *f, long *holder) {
    gw_error err;
    *holder = 0;
    return gw_file_lock_take(f->path, &f->lock, holder, &err) != GW_ESTATE;
}

void cli_record_release(cli_record_file *f) { gw_file_unlock(&f->lock); }

/* The numbered name n of path: "games/match-7.gwr" gives "games/match-7-2.gwr". */
static bool numbered(const char *path, int n, char *out, size_t cap) {
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    size_t stem = dot && (slash ? dot > slash + 1 : dot > path) ? (size_t)(dot - path) : strlen(path);
    int w = snprintf(out, cap, "%.*s-%d%s", (int)stem, path, n, path + stem);
    return w > 0 && (size_t)w < cap;
}

/* Moves f to the first numbered name that no file has and no other whist
 * writes, and locks it; false if none fits in a path. */
static bool renumber(cli_record_file *f) {
    char base[sizeof f->path];
    snprintf(base, sizeof base, "%s", f->path);
    for (int n = 2; n < 100000; n++) {
        char name[sizeof f->path];
        if (!numbered(base, n, name, sizeof name)) return false;
        if (exists(name)) continue;
        snprintf(f->path, sizeof f->path, "%s", name);
        long holder;
        if (!take_lock(f, &holder)) continue;
        if (!exists(name)) return true;
        cli_record_release(f); /* made meanwhile by someone else */
    }
    snprintf(f->path, sizeof f->path, "%s", base);
    return false;
}

/* Asks until y or n comes: 1 yes, 0 no, -1 end of input. */
static int ask_yes_no(void) {
    char line[64];
    for (;;) {
        fflush(stdout);
        size_t n = 0;
        cli_line k = cli_read_line(line, sizeof line, &n);
        if (k == LINE_EOF) return -1;
        if (k == LINE_TEXT && (strcmp(line, "y") == 0 || strcmp(line, "yes") == 0)) return 1;
        if (k == LINE_TEXT && (strcmp(line, "n") == 0 || strcmp(line, "no") == 0)) return 0;
        printf("Please answer y (resume it) or n (a new file): ");
    }
}

cli_start cli_record_start(const char *cmd, const char *kind, cli_record_file *f,
                           void (*describe)(const char *path, cli_saved *out)) {
    f->lock = GW_FILE_LOCK_NONE;
    if (!f->has_path || !regular_or_missing(f->path)) return CLI_START_NEW;
    long holder = 0;
    bool locked = take_lock(f, &holder);
    if (locked && !exists(f->path)) return CLI_START_NEW;
    char old[sizeof f->path];
    snprintf(old, sizeof old, "%s", f->path);
    cli_saved saved = {0};
    if (locked) describe(f->path, &saved);
    bool tty = isatty(STDIN_FILENO);
    if (locked && saved.resumable && tty) {
        printf("%s is saved in %s (%s). Resume it? [y/n] ", saved.what, f->path, saved.detail);
        int yes = ask_yes_no();
        if (yes < 0) {
            cli_record_release(f);
            printf("\nNo answer: nothing was changed.\n");
            return CLI_START_STOP;
        }
        if (yes) return CLI_START_RESUME;
        cli_record_release(f);
        if (!renumber(f)) {
            printf("No free name beside %s fits; the record will be printed at the end instead.\n", old);
            f->has_path = false;
        } else {
            printf("This %s is saved in %s; %s is kept.\n", kind, f->path, old);
        }
        return CLI_START_NEW;
    }
    if (locked) cli_record_release(f);
    if (!renumber(f)) {
        fprintf(stderr,
                "warning: %s exists and no free name beside it fits; the record will be printed at "
                "the end instead\n",
                old);
        f->has_path = false;
        return CLI_START_NEW;
    }
    FILE *out = tty ? stdout : stderr;
    char prefix[32] = "";
    if (!tty) snprintf(prefix, sizeof prefix, "whist %s: ", cmd);
    if (!locked && holder > 0)
        fprintf(out, "%sanother whist (pid %ld) is writing %s; this %s is saved in %s instead.\n", prefix,
                holder, old, kind, f->path);
    else if (!locked)
        fprintf(out, "%sanother whist is writing %s; this %s is saved in %s instead.\n", prefix, old, kind,
                f->path);
    else
        fprintf(out, "%s%s is saved in %s (%s): it is kept, and this %s is saved in %s instead%s%s%s%s%s.\n",
                prefix, saved.what, old, saved.detail, kind, f->path, saved.resumable ? " ('whist " : "",
                saved.resumable ? cmd : "", saved.resumable ? " --plain --resume --record " : "",
                saved.resumable ? old : "", saved.resumable ? "' resumes that one)" : "");
    return CLI_START_NEW;
}

int cli_record_claim(const char *cmd, const char *kind, cli_record_file *f) {
    f->lock = GW_FILE_LOCK_NONE;
    if (!f->has_path) {
        fprintf(stderr, "whist %s: there is no saved %s to resume (the data folder cannot be used)\n", cmd,
                kind);
        return CLI_USAGE;
    }
    if (!exists(f->path)) {
        fprintf(stderr, "whist %s: there is no saved %s to resume: %s does not exist\n", cmd, kind, f->path);
        return CLI_USAGE;
    }
    long holder;
    if (regular_or_missing(f->path) && !take_lock(f, &holder)) { /* a device or folder is read and refused */
        if (holder > 0)
            fprintf(stderr, "whist %s: another whist (pid %ld) is playing the %s in %s; it is left alone\n",
                    cmd, holder, kind, f->path);
        else
            fprintf(stderr, "whist %s: another whist is playing the %s in %s; it is left alone\n", cmd, kind,
                    f->path);
        return CLI_USAGE;
    }
    return CLI_OK;
}

bool cli_config_option(const char *cmd, gw_session_config *c, const char *name, const char *value) {
    gw_error err;
    if (gw_session_config_option(c, name, value, &err) == GW_OK) return true;
    cli_usage_error(cmd, "%s", err.msg);
    return false;
}

/* Restores the record text data (len bytes) from base: the game of base, or GW_EINVAL. */
static gw_status restore_text(const gw_session_config *base, const char *data, size_t len, gw_session **out,
                              gw_error *err) {
    *out = NULL;
    gw_session *s = NULL;
    gw_status st = gw_session_restore(base, data, len, &s, err);
    if (st != GW_OK) return st;
    if (gw_session_config_of(s)->game != base->game) {
        gw_session_free(s);
        return gw_error_set(
            err, GW_EINVAL, 0, 0, "%s",
            base->game == GW_GAME_GERMAN
                ? "it holds a rubber of Android Whist, not a German Whist match (whist android "
                  "--plain --resume resumes it)"
                : "it holds a German Whist match, not a rubber of Android Whist (whist play "
                  "--plain --resume resumes it)");
    }
    *out = s;
    return GW_OK;
}

/* Reads the record file at path and restores it as restore_text does. */
static gw_status session_read(const gw_session_config *base, const char *path, gw_session **out,
                              gw_error *err) {
    *out = NULL;
    char *data = NULL;
    size_t len = 0;
    if (gw_file_read(path, &data, &len, err) != GW_OK) return err->status;
    gw_status st = restore_text(base, data, len, out, err);
    free(data);
    return st;
}

void cli_describe_record(const char *path, cli_saved *out, const gw_session_config *base,
                         void (*describe)(const gw_session *s, cli_saved *out)) {
    out->resumable = false;
    snprintf(out->what, sizeof out->what, "A record that cannot be resumed");
    gw_session *s;
    gw_error err;
    if (session_read(base, path, &s, &err) != GW_OK) {
        snprintf(out->detail, sizeof out->detail, "%s", err.msg);
        return;
    }
    describe(s, out);
    gw_session_free(s);
}

int cli_resume_load(const char *cmd, const char *kind, const char *path, const gw_session_config *base,
                    const uint64_t *want, gw_session **out) {
    char *data = NULL;
    size_t len = 0;
    gw_error err;
    *out = NULL;
    if (gw_file_read(path, &data, &len, &err) != GW_OK) {
        fprintf(stderr, "whist %s: cannot read %s: %s\n", cmd, path, err.msg);
        return CLI_USAGE;
    }
    gw_session *s;
    gw_status st = restore_text(base, data, len, &s, &err);
    free(data);
    if (st != GW_OK) {
        fprintf(stderr, "whist %s: the %s in %s cannot be resumed: %s\n", cmd, kind, path, err.msg);
        return CLI_USAGE;
    }
    uint64_t seed = gw_session_config_of(s)->seed;
    if (want && *want != seed) {
        fprintf(stderr, "whist %s: %s holds the %s with seed %llu, not %llu\n", cmd, path, kind,
                (unsigned long long)seed, (unsigned long long)*want);
        gw_session_free(s);
        return CLI_USAGE;
    }
    *out = s;
    return CLI_OK;
}

void cli_resume_finished(const char *kind, const char *path, const char *how) {
    printf("The %s in %s is finished: %s. Nothing to resume.\n", kind, path, how);
}

/* The record of s so far into t: the hand in play included while one is. */
static void session_text(const gw_session *s, gw_text *t) {
    gw_session_record(s, gw_session_state_of(s) == GW_SESSION_PLAYING, t);
}

void cli_game_save(cli_game *g) {
    if (!g->rec.has_path) return;
    gw_text t = {0};
    session_text(g->ses, &t);
    cli_record_save(&g->rec, &t);
    gw_text_free(&t);
}

void cli_game_date(cli_game *g) {
    char date[16];
    cli_today(date);
    gw_error err;
    gw_status st = gw_session_set_tag(g->ses, "Date", date, &err);
    assert(st == GW_OK); /* a date "YYYY.MM.DD" is a valid value */
    (void)st;
}

bool cli_game_next_hand(cli_game *g) {
    gw_error err;
    if (gw_session_next_hand(g->ses, &err) != GW_OK) { /* the session said a hand follows: a bug */
        fprintf(stderr, "internal error: %s\n", err.msg);
        return false;
    }
    cli_game_date(g);
    return true;
}

/* The game's tag for its statistics row, and its word in messages. */
static const char *row_tag(const cli_game *g) {
    return gw_session_config_of(g->ses)->game == GW_GAME_GERMAN ? "StoreMatch" : "StoreRubber";
}
static const char *kind_word(const cli_game *g) {
    return gw_session_config_of(g->ses)->game == GW_GAME_GERMAN ? "match" : "rubber";
}

void cli_game_set_row(cli_game *g, int64_t id) {
    g->store_id = id > 0 ? id : 0;
    char value[32];
    snprintf(value, sizeof value, "%lld", (long long)g->store_id);
    gw_error err;
    gw_status st = gw_session_set_tag(g->ses, row_tag(g), g->store_id > 0 ? value : NULL, &err);
    assert(st == GW_OK);
    (void)st;
}

bool cli_game_stats_resume(cli_game *g) {
    const char *tag = gw_session_tag(g->ses, row_tag(g));
    long long id = 0;
    if (tag && (sscanf(tag, "%lld", &id) != 1 || id < 1)) id = 0;
    g->store_id = id;
    const gw_match *m = gw_session_match(g->ses);
    const gw_android_rubber *r = gw_session_rubber(g->ses);
    bool hand_over = m ? m->hands_played > 0 : r->hands > 0;
    return cli_stats_resume(kind_word(g), row_tag(g), g->store_id, hand_over, &g->store);
}

int cli_game_finish(cli_game *g, const char *cmd) {
    cli_game_save(g);
    bool unfinished = gw_session_state_of(g->ses) != GW_SESSION_OVER;
    /* A game left with its record saved can be resumed (--resume): it stays open in the statistics. One
     * whose record could not be saved never can: it counts as abandoned. */
    bool kept = g->rec.has_path && g->rec.save_ok;
    if (g->store && unfinished && !kept) {
        gw_error err;
        gw_status st = gw_session_config_of(g->ses)->game == GW_GAME_GERMAN
                           ? gw_store_abandon_match(g->store, g->store_id, &err)
                           : gw_store_abandon_rubber(g->store, g->store_id, &err);
        if (st != GW_OK) cli_stats_off(&g->store, err.msg);
    }
    gw_store_close(g->store);
    g->store = NULL;
    gw_text t = {0};
    session_text(g->ses, &t);
    int rc = cli_record_finish(&g->rec, &t);
    gw_text_free(&t);
    if (unfinished && rc == CLI_OK)
        printf("'whist %s --plain --resume --record %s' goes on with it.\n", cmd, g->rec.path);
    gw_session_free(g->ses);
    g->ses = NULL;
    cli_record_release(&g->rec);
    return rc;
}

void cli_stats_off(gw_store **store, const char *why) {
    fprintf(stderr, "warning: statistics are off: %s\n", why);
    gw_store_close(*store);
    *store = NULL;
}

bool cli_stats_resume(const char *kind, const char *tag, int64_t id, bool hand_over, gw_store **store) {
    if (id == 0 && !hand_over) return true;
    if (id == 0) {
        fprintf(stderr,
                "warning: this %s is not in the statistics (its record has no %s tag); its hands are not "
                "counted\n",
                kind, tag);
        return false;
    }
    gw_error err;
    if (gw_store_open(NULL, store, &err) != GW_OK) cli_stats_off(store, err.msg);
    return false;
}
