/* unfinished.c: the file that keeps an unfinished match for resuming, rewritten after every card. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "app.h"
#include "gw/files.h"

/* The file's path; the folder is made only when writing (looking creates nothing). */
static bool unfinished_path(char *out, size_t cap, bool writing, gw_error *err) {
    char dir[3072];
    if ((writing ? gw_xdg_dir : gw_xdg_path)(GW_XDG_DATA, NULL, dir, sizeof dir, err) != GW_OK) return false;
    snprintf(out, cap, "%s/unfinished.gwr", dir);
    return true;
}

bool tui_unfinished_save(const tui_match *m, gw_error *err) {
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

bool tui_unfinished_load(tui_match *m, gw_error *err) {
    gw_error_clear(err);
    char path[4096];
    gw_error ignore;
    if (!unfinished_path(path, sizeof path, false, &ignore)) return false;
    FILE *f = fopen(path, "r");
    if (!f) return false; /* none */
    fclose(f);
    char *data = NULL;
    size_t len = 0;
    if (gw_file_read(path, &data, &len, err) != GW_OK) return false;
    bool ok = tui_match_restore(m, data, len, err) == GW_OK;
    free(data);
    return ok;
}

void tui_unfinished_remove(void) {
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
