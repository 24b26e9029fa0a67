/* record_lex.h: splits record text into tag lines, words and blank-line marks (internal). */
#ifndef GW_RECORD_LEX_H
#define GW_RECORD_LEX_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/status.h"

typedef enum rec_kind {
    REC_TAG,   /* a tag line: name and value (or a malformed one: msg set) */
    REC_WORD,  /* any other run of non-blank characters */
    REC_BLANK, /* a blank line */
    REC_ERROR  /* a lexical problem, e.g. an unterminated comment */
} rec_kind;

typedef struct rec_token {
    rec_kind kind;
    int line, col;
    const char *text; /* REC_WORD: the word; REC_TAG: the raw value (inside quotes) */
    size_t len;
    const char *name; /* REC_TAG: the name */
    size_t name_len;
    int value_col;   /* REC_TAG: column of the value's first character */
    const char *msg; /* REC_TAG malformed / REC_ERROR: what is wrong */
} rec_token;

/* Splits text into tokens (comments dropped). Returns a malloc'ed array of
 * *count tokens, or NULL when out of memory. */
rec_token *rec_lex(const char *text, size_t len, int *count);

/* Splits tokens into hands: a hand starts at the first token that is not a
 * blank line, and at a tag that follows moves or a blank line. Writes the
 * index of each hand's first token into first (room for ntok + 1) and ntok
 * after the last, so hand k is tokens first[k] to first[k + 1] - 1; returns
 * the number of hands. */
int rec_split_hands(const rec_token *toks, int ntok, int *first);

#endif
