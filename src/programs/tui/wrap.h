/* wrap.h: breaking long messages into lines of a width, and drawing them so, instead of cutting them off. */
#ifndef GW_TUI_WRAP_H
#define GW_TUI_WRAP_H

#include "screen.h"

/* One line of wrapped text: bytes [start, start + len) of the text. */
typedef struct tui_span {
    int start, len;
} tui_span;

/* Breaks text into lines at most width columns wide (a UTF-8 character is
 * one column), between words where it can; a word longer than a line is cut
 * across lines. Blanks at a break are dropped; a '\n' forces a break. Fills
 * at most max spans and returns how many lines the whole text needs (0 for
 * an empty text), which may be more than max. width must be at least 1. Pure. */
int tui_wrap(const char *text, int width, tui_span *lines, int max);

/* Draws text wrapped to w columns from row y down, on at most max_lines rows
 * (the last of them ends with "..." if the text needs more); returns the rows used. */
int tui_text_wrapped(const tui_screen *s, int y, int x, int w, int max_lines, int pair, unsigned attrs,
                     const char *text);

/* Draws the key reminder on the bottom row in the title colour, wrapped
 * over two rows (the last two) when it does not fit one (the last column
 * left to the border, as on every screen); returns the rows used. */
int tui_footer(const tui_screen *s, const char *keys);
/* The rows tui_footer takes for keys, without drawing. */
int tui_footer_rows(const tui_screen *s, const char *keys);

#endif
