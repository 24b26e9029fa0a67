/* status.h: error values shared by every layer (a status code plus a message). */
#ifndef GW_STATUS_H
#define GW_STATUS_H

#include <stdarg.h>

typedef enum gw_status {
    GW_OK = 0,
    GW_EINVAL,   /* malformed input: a bad card, option or record */
    GW_EILLEGAL, /* a move the rules forbid */
    GW_ENOMEM,   /* out of memory */
    GW_EIO,      /* reading or writing failed (front ends only) */
    GW_ESTATE    /* the call does not fit the object's state (e.g. hand over) */
} gw_status;

/* An error value: what went wrong, and where in a text if that applies. */
typedef struct gw_error {
    gw_status status;
    int line; /* 1-based; 0 when not about a position in a text */
    int col;  /* 1-based; 0 when not about a position in a text */
    char msg[256];
} gw_error;

/* Short lower-case name of a status ("ok", "invalid input", ...). */
const char *gw_status_name(gw_status status);

/* Resets err to GW_OK with an empty message. err may be NULL. */
void gw_error_clear(gw_error *err);

/* Fills err (if not NULL) and returns status. The format knows %s, %d, %u
 * (unsigned), %llu (unsigned long long), %c, %C (a gw_card, canonical form)
 * and %%; anything else is copied verbatim. Messages are truncated to fit. */
gw_status gw_error_set(gw_error *err, gw_status status, int line, int col, const char *fmt, ...);

/* As gw_error_set with a va_list. */
gw_status gw_error_vset(gw_error *err, gw_status status, int line, int col, const char *fmt, va_list ap);

/* Writes into out (size cap, always NUL-terminated) with the format of
 * gw_error_set; returns the length written. */
int gw_format(char *out, int cap, const char *fmt, ...);

/* As gw_format with a va_list. */
int gw_vformat(char *out, int cap, const char *fmt, va_list ap);

#endif
