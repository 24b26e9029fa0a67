/* status.c: status names and a tiny formatter for messages (core has no stdio). */
#include "gw/status.h"

#include <stdint.h>
#include <string.h>

#include "gw/card.h"

const char *gw_status_name(gw_status status) {
    switch (status) {
    case GW_OK: return "ok";
    case GW_EINVAL: return "invalid input";
    case GW_EILLEGAL: return "illegal move";
    case GW_ENOMEM: return "out of memory";
    case GW_EIO: return "input/output error";
    case GW_ESTATE: return "not possible now";
    }
    return "unknown status";
}

void gw_error_clear(gw_error *err) {
    if (err) {
        err->status = GW_OK;
        err->line = 0;
        err->col = 0;
        err->msg[0] = '\0';
    }
}

/* Appends one character if there is room (keeping space for the NUL). */
static void put(char *out, int cap, int *len, char c) {
    if (*len + 1 < cap) out[*len] = c;
    (*len)++;
}

static void put_str(char *out, int cap, int *len, const char *s) {
    if (!s) s = "(null)";
    while (*s)
        put(out, cap, len, *s++);
}

static void put_unsigned(char *out, int cap, int *len, unsigned long long v) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    while (n)
        put(out, cap, len, digits[--n]);
}

int gw_vformat(char *out, int cap, const char *fmt, va_list ap) {
    int len = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            put(out, cap, &len, *p);
            continue;
        }
        p++;
        switch (*p) {
        case 's': put_str(out, cap, &len, va_arg(ap, const char *)); break;
        case 'c': put(out, cap, &len, (char)va_arg(ap, int)); break;
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0) {
                put(out, cap, &len, '-');
                put_unsigned(out, cap, &len, (unsigned long long)(-(long long)v));
            } else {
                put_unsigned(out, cap, &len, (unsigned long long)v);
            }
            break;
        }
        case 'u': put_unsigned(out, cap, &len, va_arg(ap, unsigned)); break;
        case 'l':
            if (p[1] == 'l' && p[2] == 'u') {
                p += 2;
                put_unsigned(out, cap, &len, va_arg(ap, unsigned long long));
            } else {
                put(out, cap, &len, '%');
                put(out, cap, &len, 'l');
            }
            break;
        case 'C': {
            int c = va_arg(ap, int);
            char name[3];
            if (gw_card_valid((gw_card)c)) {
                gw_card_format((gw_card)c, name);
                put_str(out, cap, &len, name);
            } else {
                put_str(out, cap, &len, "??");
            }
            break;
        }
        case '%': put(out, cap, &len, '%'); break;
        case '\0': p--; break;
        default:
            put(out, cap, &len, '%');
            put(out, cap, &len, *p);
            break;
        }
    }
    if (cap > 0) out[len < cap ? len : cap - 1] = '\0';
    return len < cap ? len : (cap > 0 ? cap - 1 : 0);
}

int gw_format(char *out, int cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = gw_vformat(out, cap, fmt, ap);
    va_end(ap);
    return n;
}

gw_status gw_error_vset(gw_error *err, gw_status status, int line, int col, const char *fmt, va_list ap) {
    if (err) {
        err->status = status;
        err->line = line;
        err->col = col;
        gw_vformat(err->msg, (int)sizeof err->msg, fmt, ap);
    }
    return status;
}

gw_status gw_error_set(gw_error *err, gw_status status, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gw_error_vset(err, status, line, col, fmt, ap);
    va_end(ap);
    return status;
}
