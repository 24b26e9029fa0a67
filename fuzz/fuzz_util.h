/* fuzz_util.h: what the harnesses that read their input line by line share: the lines, each a copy of its
 * own (so that a reader that runs past a line's end is caught by AddressSanitizer). */
#ifndef GW_FUZZ_UTIL_H
#define GW_FUZZ_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The input's lines: split at each '\n'; the last one (after the last '\n', maybe empty) included. */
typedef struct fuzz_lines {
    const char *text;
    size_t size, start;
    bool done;
} fuzz_lines;

/* The next line as a malloc'd copy of its *n bytes, without '\n' and NOT
 * NUL-terminated (a reader must keep to n bytes); the caller frees it. NULL
 * when no line is left, or without memory. */
static inline char *fuzz_next_line(fuzz_lines *it, size_t *n) {
    if (it->done) return NULL;
    const char *at = it->text + it->start;
    const char *nl = memchr(at, '\n', it->size - it->start);
    *n = nl ? (size_t)(nl - at) : it->size - it->start;
    if (nl)
        it->start += *n + 1;
    else
        it->done = true;
    char *line = malloc(*n + 1);
    if (line) memcpy(line, at, *n);
    return line;
}

#endif
