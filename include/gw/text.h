/* text.h: a growable text buffer used to build records and reports without stdio. */
#ifndef GW_TEXT_H
#define GW_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/card.h"

/* A NUL-terminated growing string. Start it zeroed ({0}); free with
 * gw_text_free. After an allocation failure `failed` is set and further
 * appends do nothing. */
typedef struct gw_text {
    char *data;
    size_t len;
    size_t cap;
    bool failed;
} gw_text;

/* Appends n bytes of s. */
void gw_text_putn(gw_text *t, const char *s, size_t n);
/* Appends a NUL-terminated string. */
void gw_text_puts(gw_text *t, const char *s);
/* Appends one character. */
void gw_text_putc(gw_text *t, char c);
/* Appends text in the format of gw_error_set (%s %d %u %llu %c %C). */
void gw_text_printf(gw_text *t, const char *fmt, ...);
/* The string (never NULL; "" when empty). */
const char *gw_text_str(const gw_text *t);
/* Frees the buffer and zeroes t. */
void gw_text_free(gw_text *t);

#endif
