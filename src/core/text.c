/* text.c: the growable text buffer behind record writing and reports. */
#include "gw/text.h"

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
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = gw_vformat(small, (int)sizeof small, fmt, ap);
    if (n < (int)sizeof small - 1) {
        gw_text_putn(t, small, (size_t)n);
    } else {
        /* Long output: format into a buffer that is big enough. */
        int cap = 1 << 16;
        char *big = malloc((size_t)cap);
        if (!big) {
            t->failed = true;
        } else {
            n = gw_vformat(big, cap, fmt, again);
            gw_text_putn(t, big, (size_t)n);
            free(big);
        }
    }
    va_end(again);
    va_end(ap);
}

const char *gw_text_str(const gw_text *t) { return t->data ? t->data : ""; }

void gw_text_free(gw_text *t) {
    free(t->data);
    memset(t, 0, sizeof *t);
}
