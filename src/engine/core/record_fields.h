/* record_fields.h: small readers shared by the German Whist and Android Whist record readers: tag values,
 * numbers, dates, kept tags and trick numbers (internal). */
#ifndef GW_RECORD_FIELDS_H
#define GW_RECORD_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/record.h"
#include "gw/text.h"

/* A malloc'ed NUL-terminated copy of n bytes of s; NULL when out of memory. */
char *rec_copy(const char *s, size_t n);
/* A tag value with its \" and \\ escapes resolved (malloc'ed); NULL when out of memory. */
char *rec_unescape(const char *s, size_t n);
/* At most 20 printable characters of s (others as '?', then "..."), for a message. */
void rec_excerpt(const char *s, size_t n, char out[32]);
/* A whole decimal number from 0 to max; false if s is not one. */
bool rec_uint(const char *s, unsigned long long max, unsigned long long *out);
/* "A-B": two whole numbers from 0 to max. */
bool rec_pair(const char *s, int max, int out[2]);
/* True for a date "YYYY.MM.DD" (digits or '?'). */
bool rec_date(const char *s);
/* Appends a tag (taking name and value, freed on failure), written at line and col, to a tag list. */
gw_status rec_keep_tag(gw_tag **tags, int *ntags, char *name, char *value, int line, int col);
/* "12." or "12.AS": a trick number, and where a play glued to it starts. */
bool rec_trick_number(const char *s, size_t n, int *num, size_t *rest);

/* The value of the tag called name in a tag list, or NULL. */
const char *rec_find_tag(const gw_tag *tags, int ntags, const char *name);
/* Sets (or replaces) the tag called name in a tag list; the strings are copied. */
gw_status rec_set_tag(gw_tag **tags, int *ntags, const char *name, const char *value);
/* Writes a tag line [Name "value"], escaping " and \ and turning newlines into spaces. */
void rec_put_tag(gw_text *out, const char *name, const char *value);

/* Checks a Result tag (at line, col) against the moves: the hand must be
 * finished and the tricks equal; sets err otherwise. */
void rec_check_result(gw_error *err, int line, int col, const int result[2], bool finished, int tricks_done,
                      const int tricks[2]);

#endif
