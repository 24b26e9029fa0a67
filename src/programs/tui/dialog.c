/* dialog.c: boxes over the table: messages, questions, help pages. */
#include "dialog.h"

#include <curses.h>

#include "layout.h"

static void draw(const tui_screen *s, const char *title, const char *const *lines, int n) {
    int w = tui_label_width(title) + 6;
    for (int i = 0; i < n; i++) {
        int lw = tui_label_width(lines[i]) + 4;
        if (lw > w) w = lw;
    }
    if (w > s->w) w = s->w;
    int h = n + 2;
    if (h > s->h) h = s->h;
    int y = (s->h - h) / 2, x = (s->w - w) / 2;
    tui_draw_box(s, y, x, h, w, title);
    for (int i = 0; i < n && i < h - 2; i++)
        tui_text(s, y + 1 + i, x + 2, w - 4, TUI_C_DIALOG, 0, lines[i]);
}

int tui_dialog(tui_screen *s, tui_backdrop under, void *ctx, const char *title, const char *const *lines,
               int n) {
    for (;;) {
        if (under) under(ctx);
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) draw(s, title, lines, n);
        tui_show();
        tui_key k = tui_read_key(s, -1);
        if (k.code == KEY_RESIZE || k.code == TUI_KEY_CLICK) continue;
        if (tui_hidden(s) && k.code != 'q' && k.code != 'Q' && k.code != TUI_KEY_SIGNAL) continue;
        return k.code;
    }
}
