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
    bool header[PAGE_LINES]; /* a block's column names: kept in view while its rows scroll under it */
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
    p->header[p->n] = false;
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

static const char KEYS[] = " ↑↓ PgUp/PgDn scroll   h history   q or Esc back";
static const char KEYS_ASCII[] = " Up/Down PgUp/PgDn scroll   h history   q or Esc back";

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
        p->header[p->n - 1] = true;
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
        p->header[p->n - 1] = true;
        for (int i = 0; i < an - 1; i++)
            android_row(p, arows[i].opponent, &arows[i], 0);
        android_row(p, "All", atotal, A_BOLD);
    }
}

static const char NOTE[] =
    "Win % counts hands you (your side) scored in. Streak: hands won in a row up to now; "
    "Best: the most in a row. Matches and rubbers: finished ones.";

/* The box and the rows of the page in it, as draw lays them out. */
typedef struct frame {
    int keys, w, h, x;
    int rows;  /* rows for the page's lines */
    int notes; /* rows of the note under them */
} frame;

static frame frame_of(const tui_screen *s) {
    frame f;
    f.keys = tui_footer_rows(s, s->ascii ? KEYS_ASCII : KEYS);
    f.w = 78;
    f.h = s->h - f.keys - 1;
    f.x = (s->w - f.w) / 2;
    tui_span spans[4];
    f.notes = tui_wrap(NOTE, f.w - 4, spans, 4);
    f.rows = f.h - 3 - f.notes; /* a blank row between the page and the note */
    if (f.rows < 1) f.rows = 1;
    return f;
}

/* The column names kept at the top of the page when top scrolls past them: the header of the block the
 * line at top belongs to, or -1 when none is to be kept (top is a header, or above every header). */
static int kept_header(const page *p, int top) {
    if (top <= 0 || top >= p->n || p->header[top]) return -1;
    for (int i = top - 1; i >= 0; i--)
        if (p->header[i]) return i;
    return -1;
}

/* The last top: the page's end in view (one row less for the column names kept above it). */
static int max_top(const page *p, const frame *f) {
    if (p->n <= f->rows) return 0;
    return p->n - (f->rows - 1);
}

static void draw(tui_app *app, const page *p, int top, const char *msg) {
    tui_screen *s = &app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    tui_footer(s, s->ascii ? KEYS_ASCII : KEYS);
    frame f = frame_of(s);
    int y = 0, w = f.w, x = f.x;
    tui_draw_box(s, y, x, f.h, w, "Statistics");
    int row = y + 1, last = y + f.h - 2;
    if (msg) {
        tui_text_wrapped(s, row + 1, x + 2, w - 4, last - row, TUI_C_DIALOG, 0, msg);
    } else {
        int rows = f.rows, head = kept_header(p, top);
        if (head >= 0) { /* the block's column names stay in view over its rows */
            tui_text(s, row++, x + 2, w - 4, p->pair[head], p->attrs[head], p->text[head]);
            rows--;
        }
        for (int i = 0; i < rows && top + i < p->n; i++)
            tui_text(s, row + i, x + 2, w - 4, p->pair[top + i], p->attrs[top + i], p->text[top + i]);
        tui_text_wrapped(s, last - f.notes + 1, x + 2, w - 4, f.notes, TUI_C_DIALOG, A_DIM, NOTE);
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
        frame f = frame_of(&app->scr);
        int end = msg[0] ? 0 : max_top(&p, &f);
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (k.code == KEY_UP || k.code == 'k') top = top > 0 ? top - 1 : 0;
        if (k.code == KEY_DOWN || k.code == 'j') top = top < end ? top + 1 : end;
        if (k.code == KEY_PPAGE) top = top > 10 ? top - 10 : 0;
        if (k.code == KEY_NPAGE || k.code == ' ') top = top + 10 < end ? top + 10 : end;
        if (top > end) top = end; /* after a resize */
        if (k.code == 'h') {
            e = tui_history_screen(app);
            if (e == TUI_SIGNAL) return e;
        }
        if (k.code == 'q' || k.code == 27 || k.code == '\n' || k.code == '\r' || k.code == KEY_ENTER) break;
    }
    return e;
}
