/* unfinished.c: the file that keeps an unfinished match for resuming, rewritten after every card, and its
 * lock, so that two copies of whist on one data folder never overwrite each other's match. */
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

/* The German match's file; the folder is made only when writing (looking creates nothing). */
static bool unfinished_path(char *out, size_t cap, bool writing, gw_error *err) {
    return tui_unfinished_file("unfinished.gwr", out, cap, writing, err);
}

/* This process's claim on the file (one program, one claim at a time). */
static enum { CLAIM_NONE, CLAIM_HELD, CLAIM_REFUSED } claim = CLAIM_NONE;
static gw_file_lock lock = {-1, NULL};
static long holder; /* CLAIM_REFUSED: the other whist's process id, 0 if unknown */

bool tui_unfinished_claim(long *other) {
    if (claim == CLAIM_HELD) return true;
    char path[4096];
    gw_error err;
    long pid = 0;
    /* Without a data folder or a lock file nothing can be kept: saving says why. */
    if (!unfinished_path(path, sizeof path, true, &err) ||
        gw_file_lock_take(path, &lock, &pid, &err) != GW_ESTATE) {
        claim = CLAIM_HELD;
        return true;
    }
    claim = CLAIM_REFUSED;
    holder = pid;
    if (other) *other = pid;
    return false;
}

void tui_unfinished_release(void) {
    gw_file_unlock(&lock);
    claim = CLAIM_NONE;
    holder = 0;
}

bool tui_unfinished_busy(long *other) {
    if (claim == CLAIM_HELD) return false;
    char path[4096];
    gw_error err;
    long pid = 0;
    if (!unfinished_path(path, sizeof path, false, &err) || !gw_file_lock_busy(path, &pid)) return false;
    if (other) *other = pid;
    return true;
}

bool tui_unfinished_save(const tui_match *m, gw_error *err) {
    if (claim == CLAIM_REFUSED) {
        if (holder > 0) /* short: the table's status line has 80 columns */
            gw_error_set(err, GW_ESTATE, 0, 0, "another whist is playing (pid %llu)",
                         (unsigned long long)holder);
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
    if (!tui_unfinished_read("unfinished.gwr", &data, &len, err)) return false;
    /* Rules, seed and the computer's level come from the record; the seats' kinds and limits from here. */
    gw_session_config base;
    tui_match_config(&base, (gw_match_rules){GW_CLASSIC, GW_LAST13, 10}, 0, GW_AI_HARD, think_ms, computer);
    bool ok = tui_match_restore(m, &base, data, len, err) == GW_OK;
    free(data);
    return ok;
}

void tui_unfinished_remove(void) {
    if (claim == CLAIM_REFUSED) return; /* the other whist's match */
    char path[4096];
    gw_error ignore;
    if (unfinished_path(path, sizeof path, false, &ignore)) remove(path);
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
