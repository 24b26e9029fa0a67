/* rules_screen.c: the rules of German Whist, with the numbers of the deck in Settings, then of Android Whist,
 * as a page to scroll through (the text: rules_text.c). */
#include <curses.h>
#include <limits.h>

#include "app.h"
#include "layout.h"
#include "rules_text.h"

tui_exit tui_rules_screen(tui_app *app) {
    static tui_rules text;      /* large: one Rules screen at a time */
    enum { W = TUI_MIN_W - 2 }; /* the box: its text's lines fit it, so nothing is cut */
    tui_rules_text(app->settings.rules.variant, W - 4, &text);
    int top = 0;
    for (;;) {
        tui_screen *s = &app->scr;
        int h = s->h - 2, w = W, x = (s->w - w) / 2, rows = h - 1;
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            tui_draw_box(s, 0, x, h + 1, w, "Rules");
            if (top > text.n - rows) top = text.n - rows > 0 ? text.n - rows : 0;
            for (int i = 0; i < rows && top + i < text.n; i++)
                tui_text(s, 1 + i, x + 2, w - 4, TUI_C_DIALOG, 0, text.line[top + i]);
            tui_fill_row(s, s->h - 1, TUI_C_TITLE);
            tui_text(s, s->h - 1, 0, s->w, TUI_C_TITLE, 0,
                     s->ascii ? " Up/Down PgUp/PgDn scroll   w Android Whist   g German Whist   q or Esc back"
                              : " ↑↓ PgUp/PgDn scroll   w Android Whist   g German Whist   q or Esc back");
            tui_show();
        }
        tui_key k = tui_read_key(s, -1);
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (tui_key_back(k.code)) return TUI_BACK;
        if (k.code == 'w' || k.code == '\t') top = text.android;
        if (k.code == 'g' || k.code == KEY_HOME) top = 0;
        tui_key_scroll(k.code, &top, INT_MAX); /* clamped when drawn */
    }
}
