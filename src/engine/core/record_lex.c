/* record_lex.c: the tokenizer of .gwr text: tags, words, comments, blank lines. */
#include "record_lex.h"

#include <stdlib.h>
#include <string.h>

typedef struct lexer {
    const char *s;
    size_t len, pos;
    int line, col;
    bool line_has_content;
    rec_token *toks;
    int count, cap;
    bool failed;
} lexer;

static void push(lexer *lx, rec_token t) {
    if (lx->failed) return;
    if (lx->count == lx->cap) {
        int cap = lx->cap ? lx->cap * 2 : 256;
        rec_token *p = realloc(lx->toks, (size_t)cap * sizeof *p);
        if (!p) {
            lx->failed = true;
            return;
        }
        lx->toks = p;
        lx->cap = cap;
    }
    lx->toks[lx->count++] = t;
}

static void advance(lexer *lx) {
    if (lx->s[lx->pos] == '\n') {
        lx->line++;
        lx->col = 1;
    } else if (((unsigned char)lx->s[lx->pos] & 0xC0) != 0x80) {
        lx->col++; /* count characters, not UTF-8 continuation bytes */
    }
    lx->pos++;
}

static bool at_end(const lexer *lx) { return lx->pos >= lx->len; }
static char cur(const lexer *lx) { return lx->s[lx->pos]; }
static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* Skips to the end of the line (not past the newline). */
static void skip_line(lexer *lx) {
    while (!at_end(lx) && cur(lx) != '\n')
        advance(lx);
}

/* Reads a tag starting at '['. A malformed tag is reported and the rest of
 * its line skipped. */
static void lex_tag(lexer *lx) {
    rec_token t = {.kind = REC_TAG, .line = lx->line, .col = lx->col};
    advance(lx); /* '[' */
    while (!at_end(lx) && is_space(cur(lx)))
        advance(lx);
    t.name = lx->s + lx->pos;
    while (!at_end(lx) && is_name_char(cur(lx)))
        advance(lx);
    t.name_len = (size_t)(lx->s + lx->pos - t.name);
    bool name_ends = at_end(lx) || is_space(cur(lx)) || cur(lx) == '"' || cur(lx) == ']' || cur(lx) == '\n';
    if (t.name_len == 0 && name_ends) {
        t.msg = "malformed tag: expected [Name \"value\"]";
        skip_line(lx);
        push(lx, t);
        return;
    }
    if (!name_ends || !((t.name[0] >= 'A' && t.name[0] <= 'Z') || (t.name[0] >= 'a' && t.name[0] <= 'z'))) {
        t.msg = "malformed tag: a tag name is letters, digits and '_', starting with a letter";
        skip_line(lx);
        push(lx, t);
        return;
    }
    while (!at_end(lx) && is_space(cur(lx)))
        advance(lx);
    if (at_end(lx) || cur(lx) != '"') {
        t.msg = "malformed tag: the value must be in double quotes, [Name \"value\"]";
        skip_line(lx);
        push(lx, t);
        return;
    }
    advance(lx);
    t.text = lx->s + lx->pos;
    t.value_col = lx->col;
    while (!at_end(lx) && cur(lx) != '"' && cur(lx) != '\n') {
        if (cur(lx) == '\\' && lx->pos + 1 < lx->len && lx->s[lx->pos + 1] != '\n') advance(lx);
        advance(lx);
    }
    if (at_end(lx) || cur(lx) != '"') {
        t.msg = "malformed tag: the value's closing quote is missing";
        push(lx, t);
        return;
    }
    t.len = (size_t)(lx->s + lx->pos - t.text);
    const char *nul = memchr(t.text, '\0', t.len);
    if (nul) { /* values are read as C strings: a NUL would cut the value short unseen */
        t.msg = "malformed tag: the value holds a NUL byte";
        t.col = t.value_col;
        for (const char *c = t.text; c < nul; c++)
            if (((unsigned char)*c & 0xC0) != 0x80) t.col++; /* characters, as advance() counts */
        skip_line(lx);
        push(lx, t);
        return;
    }
    advance(lx); /* closing quote */
    while (!at_end(lx) && is_space(cur(lx)))
        advance(lx);
    if (at_end(lx) || cur(lx) != ']') {
        t.msg = "malformed tag: expected ']' after the value";
        skip_line(lx);
        push(lx, t);
        return;
    }
    advance(lx);
    /* One tag per line: only blanks, a comment or another tag may follow. */
    while (!at_end(lx) && is_space(cur(lx)))
        advance(lx);
    if (!at_end(lx) && cur(lx) != '\n' && cur(lx) != ';' && cur(lx) != '{' && cur(lx) != '[') {
        t.msg = "malformed tag: unexpected text after ']' (one tag per line)";
        t.line = lx->line;
        t.col = lx->col;
        skip_line(lx);
    }
    push(lx, t);
}

rec_token *rec_lex(const char *text, size_t len, int *count) {
    lexer lx = {.s = text, .len = len, .line = 1, .col = 1};
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) lx.pos = 3; /* a UTF-8 byte order mark */
    while (!at_end(&lx)) {
        char c = cur(&lx);
        if (c == '\n') {
            if (!lx.line_has_content)
                push(&lx, (rec_token){.kind = REC_BLANK, .line = lx.line, .col = lx.col});
            lx.line_has_content = false;
            advance(&lx);
            continue;
        }
        if (is_space(c)) {
            advance(&lx);
            continue;
        }
        lx.line_has_content = true;
        if (c == ';') {
            skip_line(&lx);
        } else if (c == '{') {
            int line = lx.line, col = lx.col;
            while (!at_end(&lx) && cur(&lx) != '}')
                advance(&lx);
            if (at_end(&lx)) {
                push(&lx, (rec_token){.kind = REC_ERROR,
                                      .line = line,
                                      .col = col,
                                      .msg = "comment '{' is never closed with '}'"});
            } else {
                advance(&lx);
            }
        } else if (c == '[') {
            lex_tag(&lx);
        } else {
            rec_token t = {.kind = REC_WORD, .line = lx.line, .col = lx.col, .text = text + lx.pos};
            while (!at_end(&lx) && !is_space(cur(&lx)) && cur(&lx) != '\n' && cur(&lx) != '{' &&
                   cur(&lx) != ';' && cur(&lx) != '[')
                advance(&lx);
            t.len = (size_t)(text + lx.pos - t.text);
            push(&lx, t);
        }
    }
    if (lx.failed) {
        free(lx.toks);
        return NULL;
    }
    if (!lx.toks) {
        lx.toks = malloc(sizeof *lx.toks);
        if (!lx.toks) return NULL;
    }
    *count = lx.count;
    return lx.toks;
}

int rec_split_hands(const rec_token *toks, int ntok, int *first) {
    int count = 0;
    bool has_moves = false, blank = false;
    for (int i = 0; i < ntok; i++) {
        rec_kind kind = toks[i].kind;
        if (kind != REC_BLANK && (count == 0 || (kind == REC_TAG && (has_moves || blank)))) {
            first[count++] = i;
            has_moves = blank = false;
        }
        if (count == 0) continue;
        if (kind == REC_BLANK)
            blank = true;
        else if (kind != REC_TAG)
            has_moves = true;
    }
    first[count] = ntok;
    return count;
}
