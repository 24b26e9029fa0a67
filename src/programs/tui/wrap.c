/* wrap.c: breaking long messages into lines of a width, and drawing them so, instead of cutting them off. */
#include "wrap.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* A byte that starts a character (not a UTF-8 continuation byte). */
static bool starts_char(unsigned char c) { return (c & 0xC0) != 0x80; }

int tui_wrap(const char *text, int width, tui_span *lines, int max) {
    assert(width >= 1);
    int n = 0, pos = 0, len = (int)strlen(text);
    while (pos < len) {
        /* Take characters up to the width or a newline, remembering the last blank. */
        int cols = 0, i = pos, brk = -1;
        while (i < len && text[i] != '\n') {
            if (starts_char((unsigned char)text[i])) {
                if (cols == width) break;
                cols++;
                if (text[i] == ' ') brk = i;
            }
            i++;
        }
        int end = i, next = i;
        if (i < len && text[i] != '\n' && text[i] != ' ' &&
            brk > pos) { /* too long: break at the last blank */
            end = brk;
            next = brk;
        }
        while (end > pos && text[end - 1] == ' ')
            end--;
        if (n < max) lines[n] = (tui_span){pos, end - pos};
        n++;
        if (next < len && text[next] == '\n')
            next++;
        else
            while (next < len && text[next] == ' ')
                next++;
        pos = next;
    }
    return n;
}

int tui_text_wrapped(const tui_screen *s, int y, int x, int w, int max_lines, int pair, unsigned attrs,
                     const char *text) {
    if (w < 4 || max_lines < 1) return 0;
    enum { MAX_ROWS = 16 };
    tui_span lines[MAX_ROWS];
    int rows = max_lines < MAX_ROWS ? max_lines : MAX_ROWS;
    int need = tui_wrap(text, w, lines, rows);
    int shown = need < rows ? need : rows;
    for (int i = 0; i < shown; i++) {
        char buf[1024];
        const tui_span *l = &lines[i];
        if (i == shown - 1 && need > shown) { /* more than the room: the last row says so */
            int keep = l->len;
            int cols = 0;
            for (int k = 0; k < keep; k++)
                cols += (text[l->start + k] & 0xC0) != 0x80;
            while (keep > 0 && cols > w - 3) {
                keep--;
                cols -= (text[l->start + keep] & 0xC0) != 0x80;
            }
            snprintf(buf, sizeof buf, "%.*s...", keep, text + l->start);
        } else {
            snprintf(buf, sizeof buf, "%.*s", l->len, text + l->start);
        }
        tui_text(s, y + i, x, w, pair, attrs, buf);
    }
    return shown;
}

/* The key line in text (its groups' inner blanks as \x01, so that it breaks only between groups, never
 * inside "q quit"), wrapped into lines; the number of lines it needs. */
static int footer_wrap(const tui_screen *s, const char *keys, char *text, size_t cap, tui_span lines[2]) {
    snprintf(text, cap, "%s", keys + (keys[0] == ' '));
    for (size_t i = 0; text[i]; i++)
        if (text[i] == ' ' && text[i + 1] != ' ' && (i == 0 || text[i - 1] != ' ')) text[i] = '\x01';
    int w = s->w - 2; /* after the leading blank, short of the last column (the border's) */
    return tui_wrap(text, w > 1 ? w : 1, lines, 2);
}

int tui_footer_rows(const tui_screen *s, const char *keys) {
    char text[512];
    tui_span lines[2];
    return footer_wrap(s, keys, text, sizeof text, lines) > 1 ? 2 : 1;
}

int tui_footer(const tui_screen *s, const char *keys) {
    char text[512];
    tui_span lines[2];
    int n = footer_wrap(s, keys, text, sizeof text, lines);
    int rows = n > 1 ? 2 : 1;
    for (int i = 0; i < rows; i++) {
        char buf[520];
        int len = i < n ? lines[i].len : 0, start = i < n ? lines[i].start : 0;
        if (i == 1 && n > 2) len = (int)strlen(text) - start; /* cut only what cannot fit two rows */
        snprintf(buf, sizeof buf, " %.*s", len, text + start);
        for (char *p = buf; *p; p++)
            if (*p == '\x01') *p = ' ';
        int y = s->h - rows + i;
        tui_fill_row(s, y, TUI_C_TITLE);
        tui_text(s, y, 0, s->w, TUI_C_TITLE, 0, buf);
    }
    return rows;
}
