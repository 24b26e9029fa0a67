/* unfinished.c: the files that keep an unfinished match and an unfinished rubber for resuming, rewritten
 * after every play, and their locks, so that two copies of whist on one data folder never overwrite or
 * remove each other's game. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "app.h"
#include "gw/files.h"

bool tui_unfinished_file(const char *name, char *out, size_t cap, bool writing, gw_error *err) {
    char dir[3072];
    if ((writing ? gw_xdg_dir : gw_xdg_path)(GW_XDG_DATA, NULL, dir, sizeof dir, err) != GW_OK) return false;
    snprintf(out, cap, "%s/%s", dir, name);
    return true;
}

bool tui_unfinished_read(const char *name, char **data, size_t *len, gw_error *err) {
    gw_error_clear(err);
    char path[4096];
    gw_error ignore;
    if (!tui_unfinished_file(name, path, sizeof path, false, &ignore)) return false;
    FILE *f = fopen(path, "r");
    if (!f) return false; /* none */
    fclose(f);
    return gw_file_read(path, data, len, err) == GW_OK;
}

const char *tui_unfinished_name(tui_kept k) {
    return k == TUI_KEPT_RUBBER ? "unfinished-android.gwr" : "unfinished.gwr";
}

/* A kept game's file; the folder is made only when writing (looking creates nothing). */
static bool kept_path(tui_kept k, char *out, size_t cap, bool writing, gw_error *err) {
    return tui_unfinished_file(tui_unfinished_name(k), out, cap, writing, err);
}

/* The German match's file. */
static bool unfinished_path(char *out, size_t cap, bool writing, gw_error *err) {
    return kept_path(TUI_KEPT_MATCH, out, cap, writing, err);
}

/* This process's claim on each kept game's file (one program, one claim a file at a time). */
typedef enum { CLAIM_NONE, CLAIM_HELD, CLAIM_REFUSED } claim_state;
static claim_state claim[2] = {CLAIM_NONE, CLAIM_NONE};
static gw_file_lock lock[2] = {{-1, NULL}, {-1, NULL}};
static long holder[2]; /* CLAIM_REFUSED: the other whist's process id, 0 if unknown */

bool tui_unfinished_claim(tui_kept k, long *other) {
    if (claim[k] == CLAIM_HELD) return true;
    char path[4096];
    gw_error err;
    long pid = 0;
    /* Without a data folder or a lock file nothing can be kept: saving says why. */
    if (!kept_path(k, path, sizeof path, true, &err) ||
        gw_file_lock_take(path, &lock[k], &pid, &err) != GW_ESTATE) {
        claim[k] = CLAIM_HELD;
        return true;
    }
    claim[k] = CLAIM_REFUSED;
    holder[k] = pid;
    if (other) *other = pid;
    return false;
}

void tui_unfinished_release(tui_kept k) {
    gw_file_unlock(&lock[k]);
    claim[k] = CLAIM_NONE;
    holder[k] = 0;
}

bool tui_unfinished_held(tui_kept k) { return claim[k] == CLAIM_HELD; }

bool tui_unfinished_busy(tui_kept k, long *other) {
    if (claim[k] == CLAIM_HELD) return false;
    char path[4096];
    gw_error err;
    long pid = 0;
    if (!kept_path(k, path, sizeof path, false, &err) || !gw_file_lock_busy(path, &pid)) return false;
    if (other) *other = pid;
    return true;
}

bool tui_unfinished_save(const tui_match *m, gw_error *err) {
    if (claim[TUI_KEPT_MATCH] == CLAIM_REFUSED) {
        if (holder[TUI_KEPT_MATCH] > 0) /* short: the table's status line has 80 columns */
            gw_error_set(err, GW_ESTATE, 0, 0, "another whist is playing (pid %llu)",
                         (unsigned long long)holder[TUI_KEPT_MATCH]);
        else
            gw_error_set(err, GW_ESTATE, 0, 0, "another whist is playing");
        return false;
    }
    char path[4096];
    if (!unfinished_path(path, sizeof path, true, err)) return false;
    gw_text t = {0};
    tui_match_text(m, &t);
    bool ok = !t.failed;
    if (!ok)
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    else
        ok = gw_file_write(path, t.data, t.len, err) == GW_OK;
    gw_text_free(&t);
    return ok;
}

bool tui_unfinished_load(tui_match *m, int think_ms, bool computer, gw_error *err) {
    char *data = NULL;
    size_t len = 0;
    if (!tui_unfinished_read(tui_unfinished_name(TUI_KEPT_MATCH), &data, &len, err)) return false;
    /* Rules, seed and the computer's level come from the record; the seats' kinds and limits from here. */
    gw_session_config base;
    tui_match_config(&base, (gw_match_rules){GW_CLASSIC, GW_LAST13, 10}, 0, GW_AI_HARD, think_ms, computer);
    bool ok = tui_match_restore(m, &base, data, len, err) == GW_OK;
    free(data);
    return ok;
}

void tui_unfinished_remove(tui_kept k) {
    if (claim[k] == CLAIM_REFUSED) return; /* the other whist's game */
    char path[4096];
    gw_error ignore;
    if (kept_path(k, path, sizeof path, false, &ignore)) remove(path);
}

void tui_today(char date[16], char stamp[24]) {
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm)) {
        strftime(date, 16, "%Y.%m.%d", &tm);
        strftime(stamp, 24, "%Y-%m-%d %H:%M:%S", &tm);
    } else {
        snprintf(date, 16, "0000.00.00");
        snprintf(stamp, 24, "0000-00-00 00:00:00");
    }
}
