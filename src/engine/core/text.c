/* text.c: the growable text buffer behind record writing and reports. */
#include "gw/text.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(gw_text *t, size_t extra) {
    if (t->failed) return false;
    if (t->len + extra + 1 <= t->cap) return true;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + extra + 1)
        cap *= 2;
    char *p = realloc(t->data, cap);
    if (!p) {
        t->failed = true;
        return false;
    }
    t->data = p;
    t->cap = cap;
    return true;
}

void gw_text_putn(gw_text *t, const char *s, size_t n) {
    if (!reserve(t, n)) return;
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

void gw_text_puts(gw_text *t, const char *s) { gw_text_putn(t, s, strlen(s)); }
void gw_text_putc(gw_text *t, char c) { gw_text_putn(t, &c, 1); }

void gw_text_printf(gw_text *t, const char *fmt, ...) {
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = gw_vformat(small, (int)sizeof small, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof small - 1) {
        gw_text_putn(t, small, (size_t)n);
        return;
    }
    /* Long output: gw_vformat stops at the buffer's end, so format again into
     * ever larger buffers until the text fits (never truncated). */
    for (size_t cap = (size_t)1 << 16;; cap *= 2) {
        char *big = cap <= INT_MAX ? malloc(cap) : NULL;
        if (!big) {
            t->failed = true;
            return;
        }
        va_start(ap, fmt);
        n = gw_vformat(big, (int)cap, fmt, ap);
        va_end(ap);
        if ((size_t)n < cap - 1) {
            gw_text_putn(t, big, (size_t)n);
            free(big);
            return;
        }
        free(big);
    }
}

const char *gw_text_str(const gw_text *t) { return t->data ? t->data : ""; }

void gw_text_free(gw_text *t) {
    free(t->data);
    memset(t, 0, sizeof *t);
}
