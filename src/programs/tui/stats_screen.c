/* stats_screen.c: the statistics screen: German Whist per set of rules and computer level (matches, hands,
 * win rates, slams, current and longest streaks), Android Whist per opponent, scrolled when long. */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "describe.h"
#include "layout.h"
#include "wrap.h"

/* The page: lines of text, each with its look. */
#define PAGE_LINES 400
typedef struct page {
    char text[PAGE_LINES][96];
    unsigned attrs[PAGE_LINES];
    int pair[PAGE_LINES];
    int n;
} page;

static void line(page *p, int pair, unsigned attrs, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void line(page *p, int pair, unsigned attrs, const char *fmt, ...) {
    if (p->n >= PAGE_LINES) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->text[p->n], sizeof p->text[p->n], fmt, ap);
    va_end(ap);
    p->attrs[p->n] = attrs;
    p->pair[p->n] = pair;
    p->n++;
}

/* "classic deck · Last 13 · match to 10" (ASCII: '-' for '·'). */
static void rules_heading(const gw_stats *r, bool ascii, char *out, size_t cap) {
    gw_variant v = GW_CLASSIC;
    gw_scoring sc;
    gw_variant_parse(r->variant, &v);
    const char *scoring = gw_scoring_parse(r->scoring, &sc) ? tui_scoring_label(sc, v) : r->scoring;
    snprintf(out, cap, "%s deck %s %s %s match to %d", r->variant, ascii ? "-" : "·", scoring,
             ascii ? "-" : "·", r->target);
}

/* The columns: a German Whist row is 72 wide, an Android Whist row 70 (the box's inside is 74). */
#define GERMAN_COLS  "%-8s %8s %4s %7s %4s %6s %5s %7s %5s %9s"
#define ANDROID_COLS "%-8s %7s %4s %5s %4s %5s %4s %6s %7s %6s %4s"

static void german_row(page *p, const char *name, const gw_stats *r, unsigned attrs) {
    int pct = r->hands ? (100 * r->hands_won + r->hands / 2) / r->hands : 0;
    line(p, TUI_C_DIALOG, attrs, "%-8s %8d %4d %7d %4d %5d%% %5d %7d %5d %9d", name, r->matches,
         r->matches_won, r->hands, r->hands_won, pct, r->slams, r->current_streak, r->longest_streak,
         r->assisted);
}

static void android_row(page *p, const char *name, const gw_android_stats *r, unsigned attrs) {
    line(p, TUI_C_DIALOG, attrs, "%-8s %7d %4d %5d %4d %5d %4d %6d %7d %6d %4d", name, r->rubbers,
         r->rubbers_won, r->games, r->games_won, r->hands, r->hands_won, r->points, r->points_against,
         r->current_streak, r->longest_streak);
}

/* Builds the page from the figures (either may be NULL when unread). */
static void build(page *p, const gw_stats *rows, int n, const gw_android_stats *arows, int an, bool ascii) {
    p->n = 0;
    const gw_stats *total = rows ? &rows[n - 1] : NULL;
    const gw_android_stats *atotal = arows ? &arows[an - 1] : NULL;
    if (total && total->hands > 0) {
        line(p, TUI_C_DIALOG, A_BOLD, "German Whist");
        line(p, TUI_C_DIALOG, A_BOLD, GERMAN_COLS, "Computer", "Matches", "Won", "Hands", "Won", "Win %",
             "Slams", "Streak", "Best", "Assisted");
        char heading[96] = "", prev[96] = "";
        for (int i = 0; i < n - 1; i++) {
            rules_heading(&rows[i], ascii, heading, sizeof heading);
            if (strcmp(heading, prev) != 0) {
                line(p, TUI_C_DIALOG, A_DIM, "%s", heading);
                memcpy(prev, heading, sizeof prev);
            }
            german_row(p, rows[i].opponent, &rows[i], 0);
        }
        german_row(p, "All", total, A_BOLD);
        line(p, TUI_C_DIALOG, 0, "Winning streak now: %d hand%s; longest: %d.", total->current_streak,
             total->current_streak == 1 ? "" : "s", total->longest_streak);
    }
    if (atotal && atotal->hands > 0) {
        if (p->n) line(p, TUI_C_DIALOG, 0, "%s", "");
        line(p, TUI_C_DIALOG, A_BOLD, "Android Whist");
        line(p, TUI_C_DIALOG, A_BOLD, ANDROID_COLS, "Opponent", "Rubbers", "Won", "Games", "Won", "Hands",
             "Won", "Points", "Against", "Streak", "Best");
        for (int i = 0; i < an - 1; i++)
            android_row(p, arows[i].opponent, &arows[i], 0);
        android_row(p, "All", atotal, A_BOLD);
    }
}

static void draw(tui_app *app, const page *p, int top, const char *msg) {
    tui_screen *s = &app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    int keys = tui_footer(s, s->ascii ? " Up/Down PgUp/PgDn scroll   h history   q or Esc back"
                                      : " ↑↓ PgUp/PgDn scroll   h history   q or Esc back");
    int w = 78, h = s->h - keys - 1, y = 0, x = (s->w - w) / 2;
    tui_draw_box(s, y, x, h, w, "Statistics");
    int row = y + 1, last = y + h - 2;
    if (msg) {
        tui_text_wrapped(s, row + 1, x + 2, w - 4, last - row, TUI_C_DIALOG, 0, msg);
    } else {
        const char *note = "Win % counts hands you (your side) scored in. Streak: hands won in a row up to "
                           "now; Best: the most in a row. Matches and rubbers: finished ones.";
        tui_span spans[4];
        int nn = tui_wrap(note, w - 4, spans, 4), rows = last - row - nn;
        for (int i = 0; i < rows && top + i < p->n; i++)
            tui_text(s, row + i, x + 2, w - 4, p->pair[top + i], p->attrs[top + i], p->text[top + i]);
        tui_text_wrapped(s, last - nn + 1, x + 2, w - 4, nn, TUI_C_DIALOG, A_DIM, note);
    }
    tui_show();
}

tui_exit tui_stats_screen(tui_app *app) {
    static page p;
    gw_stats *rows = NULL;
    gw_android_stats *arows = NULL;
    int n = 0, an = 0;
    gw_error err;
    char msg[400] = "";
    if (app->store_off[0]) {
        snprintf(msg, sizeof msg, "Statistics are off: %s", app->store_off);
    } else if (!app->store) {
        snprintf(msg, sizeof msg,
                 "Nothing is stored yet: every hand you finish, of German Whist or Android "
                 "Whist, is counted here.");
    } else if (gw_store_stats(app->store, &rows, &n, &err) != GW_OK ||
               gw_store_android_stats(app->store, &arows, &an, &err) != GW_OK) {
        snprintf(msg, sizeof msg, "The statistics cannot be read: %s", err.msg);
    }
    if (!msg[0]) {
        build(&p, rows, n, arows, an, app->scr.ascii);
        if (p.n == 0)
            snprintf(msg, sizeof msg,
                     "No games played yet: every hand you finish, of German Whist or Android "
                     "Whist, is counted here.");
    }
    free(rows);
    free(arows);
    int top = 0;
    tui_exit e = TUI_BACK;
    for (;;) {
        draw(app, &p, top, msg[0] ? msg : NULL);
        tui_key k = tui_read_key(&app->scr, -1);
        int page_rows = app->scr.h - 7, max_top = p.n - page_rows > 0 ? p.n - page_rows : 0;
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (k.code == KEY_UP || k.code == 'k') top = top > 0 ? top - 1 : 0;
        if (k.code == KEY_DOWN || k.code == 'j') top = top < max_top ? top + 1 : max_top;
        if (k.code == KEY_PPAGE) top = top > 10 ? top - 10 : 0;
        if (k.code == KEY_NPAGE || k.code == ' ') top = top + 10 < max_top ? top + 10 : max_top;
        if (k.code == 'h') {
            e = tui_history_screen(app);
            if (e == TUI_SIGNAL) return e;
        }
        if (k.code == 'q' || k.code == 27 || k.code == '\n' || k.code == '\r' || k.code == KEY_ENTER) break;
    }
    return e;
}
