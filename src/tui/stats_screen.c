/* stats_screen.c: the statistics screen: matches, hands, win rates, slams and streaks per game type and
 * computer level. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>

#include "app.h"
#include "layout.h"

static void draw(tui_app *app, const gw_stats *rows, int n, const char *why) {
    tui_screen *s = &app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    int w = 78, h = s->h - 2, y = 1, x = (s->w - w) / 2;
    tui_draw_box(s, y, x, h, w, "Statistics");
    int row = y + 2;
    if (why) {
        tui_textf(s, row, x + 2, w - 4, TUI_C_DIALOG, 0, "Statistics are off: %s", why);
    } else {
        tui_text(s, row++, x + 2, w - 4, TUI_C_DIALOG, A_BOLD,
                 "Game     Computer  Matches  Won  Hands  Won  Win %  Slams  Streak  Assisted");
        for (int i = 0; i < n && row < y + h - 3; i++) {
            const gw_stats *r = &rows[i];
            int pct = r->hands ? (100 * r->hands_won + r->hands / 2) / r->hands : 0;
            if (i == n - 1) row++;
            tui_textf(s, row++, x + 2, w - 4, TUI_C_DIALOG, i == n - 1 ? A_BOLD : 0,
                      "%-8s %-8s %8d %4d %6d %4d %5d%% %6d %7d %9d", r->variant, r->opponent, r->matches,
                      r->matches_won, r->hands, r->hands_won, pct, r->slams, r->longest_streak, r->assisted);
        }
        if (n <= 1 && rows[0].hands == 0)
            tui_text(s, row + 1, x + 2, w - 4, TUI_C_DIALOG, 0, "No games played yet.");
        tui_text(s, y + h - 3, x + 2, w - 4, TUI_C_DIALOG, A_DIM,
                 "Win % counts hands you scored in. Streak: most hands won in a row.");
    }
    tui_fill_row(s, s->h - 1, TUI_C_TITLE);
    tui_text(s, s->h - 1, 0, s->w, TUI_C_TITLE, 0,
             " q or Esc: back     (whist stats and whist history print these too)");
    tui_show();
}

tui_exit tui_stats_screen(tui_app *app) {
    gw_stats *rows = NULL;
    int n = 0;
    gw_error err;
    const char *why = app->store ? NULL : app->store_off;
    if (app->store && gw_store_stats(app->store, &rows, &n, &err) != GW_OK) why = err.msg;
    for (;;) {
        draw(app, rows, n, why);
        tui_key k = tui_read_key(&app->scr, -1);
        if (k.code == TUI_KEY_SIGNAL) {
            free(rows);
            return TUI_SIGNAL;
        }
        if (k.code == 'q' || k.code == 27 || k.code == '\n' || k.code == '\r' || k.code == KEY_ENTER) break;
    }
    free(rows);
    return TUI_BACK;
}
