/* log.c: whist serve's messages on standard error, rate-limited (server_int.h): each kind of message (its
 * format, or libwebsockets' lines as one kind) is written at most LOG_BURST times in a LOG_WINDOW_US window;
 * the rest are counted and their number told with the next one written, so a failure that repeats on every
 * turn of the loop (a full disk, a full file table) cannot fill the disk with its log. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "server_int.h"

#define LOG_BURST     5       /* messages of one kind written per window */
#define LOG_WINDOW_US 1000000 /* a second */
#define LOG_KINDS     64      /* kinds followed at once (the server has fewer call sites) */

typedef struct log_kind {
    const void *key; /* the format string (its address), or LOG_KEY_LWS */
    uint64_t window_start;
    int written;      /* in the window */
    unsigned dropped; /* since the last one written */
} log_kind;

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER; /* the workers may log too */
static log_kind kinds[LOG_KINDS];
static int n_kinds;
static const char LOG_KEY_LWS[] = "libwebsockets";

static uint64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Whether a message of kind key may be written now; *dropped: how many of its kind were not since the last
 * one written (reset). Called with log_lock held. */
static bool log_admit(const void *key, unsigned *dropped) {
    log_kind *k = NULL;
    for (int i = 0; i < n_kinds && !k; i++)
        if (kinds[i].key == key) k = &kinds[i];
    if (!k) {
        /* a new kind; with every slot taken (never, with the server's call sites), the oldest window */
        k = n_kinds < LOG_KINDS ? &kinds[n_kinds++] : &kinds[0];
        for (int i = 0; n_kinds == LOG_KINDS && i < LOG_KINDS; i++)
            if (kinds[i].window_start < k->window_start) k = &kinds[i];
        memset(k, 0, sizeof *k);
        k->key = key;
    }
    uint64_t t = now_us();
    if (t - k->window_start >= LOG_WINDOW_US) {
        k->window_start = t;
        k->written = 0;
    }
    if (k->written >= LOG_BURST) {
        k->dropped++;
        return false;
    }
    k->written++;
    *dropped = k->dropped;
    k->dropped = 0;
    return true;
}

static void log_write(const void *key, const char *text) {
    pthread_mutex_lock(&log_lock);
    unsigned dropped = 0;
    if (log_admit(key, &dropped)) {
        size_t n = strlen(text);
        while (n > 0 && text[n - 1] == '\n')
            n--;
        if (dropped)
            fprintf(stderr, "whist serve: %.*s (and %u more like it, not logged)\n", (int)n, text, dropped);
        else
            fprintf(stderr, "whist serve: %.*s\n", (int)n, text);
    }
    pthread_mutex_unlock(&log_lock);
}

void server_log(const char *fmt, ...) {
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    log_write(fmt, text);
}

void server_log_lws(int level, const char *line) {
    (void)level;
    char text[600];
    snprintf(text, sizeof text, "libwebsockets: %s", line);
    log_write(LOG_KEY_LWS, text);
}

void server_log_flush(void) {
    pthread_mutex_lock(&log_lock);
    uint64_t t = now_us();
    for (int i = 0; i < n_kinds; i++) {
        log_kind *k = &kinds[i];
        if (k->dropped && t - k->window_start >= LOG_WINDOW_US) {
            const char *what = k->key == LOG_KEY_LWS ? "libwebsockets' messages" : (const char *)k->key;
            fprintf(stderr, "whist serve: %u more messages like \"%.60s\", not logged\n", k->dropped, what);
            k->dropped = 0;
        }
    }
    pthread_mutex_unlock(&log_lock);
}
