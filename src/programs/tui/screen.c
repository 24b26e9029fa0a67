/* screen.c: the terminal through curses: colours, UTF-8 or ASCII, signals, keys, mouse and card drawing. */
#include "screen.h"

#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"

static volatile sig_atomic_t caught_signal;

static void on_signal(int sig) { caught_signal = sig; }

void tui_signals_install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

int tui_signal_caught(void) { return (int)caught_signal; }

bool tui_screen_start(tui_screen *s, bool force_ascii, char *why, size_t cap) {
    memset(s, 0, sizeof *s);
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    s->ascii = force_ascii || !codeset || strcmp(codeset, "UTF-8") != 0;
    set_escdelay(25);
    if (!newterm(NULL, stdout, stdin)) {
        snprintf(why, cap, "cannot use this terminal (TERM is not set or not known)");
        return false;
    }
    s->started = true;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    /* Every button event, each reported as it happens (no click resolution): ncurses waits inside getch
     * for the rest of an event it was not asked for (a release when only presses are wanted), which froze
     * the timed pause after a trick until the next key. tui_read_key keeps the left button's presses. */
    mousemask(ALL_MOUSE_EVENTS, NULL);
    mouseinterval(0);
    s->color = has_colors() && start_color() == OK && COLORS >= 8;
    if (s->color) {
        use_default_colors();
        init_pair(TUI_C_TABLE, COLOR_WHITE, COLOR_GREEN);
        init_pair(TUI_C_CARD, COLOR_BLACK, COLOR_WHITE);
        init_pair(TUI_C_CARD_RED, COLOR_RED, COLOR_WHITE);
        init_pair(TUI_C_BACK, COLOR_WHITE, COLOR_BLUE);
        init_pair(TUI_C_SELECT, COLOR_BLACK, COLOR_YELLOW);
        init_pair(TUI_C_SELECT_RED, COLOR_RED, COLOR_YELLOW);
        init_pair(TUI_C_TITLE, COLOR_BLACK, COLOR_CYAN);
        init_pair(TUI_C_MARK, COLOR_YELLOW, COLOR_GREEN);
        init_pair(TUI_C_WARN, COLOR_WHITE, COLOR_RED);
        init_pair(TUI_C_DIALOG, COLOR_BLACK, COLOR_WHITE);
        init_pair(TUI_C_RED_TEXT, COLOR_RED, COLOR_WHITE);
    }
    getmaxyx(stdscr, s->h, s->w);
    return true;
}

void tui_screen_end(tui_screen *s) {
    if (!s->started) return;
    s->started = false;
    curs_set(1);
    endwin();
    fflush(stdout);
}

tui_key tui_read_key(tui_screen *s, int timeout_ms) {
    tui_key k = {TUI_KEY_NONE, 0, 0};
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        if (caught_signal) {
            k.code = TUI_KEY_SIGNAL;
            return k;
        }
        int wait = 100;
        if (timeout_ms >= 0) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            long spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
            if (spent >= timeout_ms) return k;
            if (timeout_ms - spent < wait) wait = (int)(timeout_ms - spent);
        }
        timeout(wait);
        int ch = getch();
        if (ch == ERR) continue;
        if (ch == KEY_RESIZE) getmaxyx(stdscr, s->h, s->w);
        if (ch == KEY_MOUSE) {
            MEVENT ev;
            /* A release, another button or the wheel: nothing, and the wait goes on to its time. */
            if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) continue;
            k.code = TUI_KEY_CLICK;
            k.y = ev.y;
            k.x = ev.x;
            return k;
        }
        k.code = ch;
        return k;
    }
}

static attr_t pair_attr(const tui_screen *s, int pair) {
    return s->color && pair > 0 ? (attr_t)COLOR_PAIR(pair) : 0;
}

void tui_clear(const tui_screen *s) {
    bkgdset((chtype)(' ' | pair_attr(s, TUI_C_TABLE)));
    erase();
}

/* A text cut where it is drawn: noted in the file WHIST_TUI_CUTS names, if set (the tests' check that nothing
 * is cut: tests/cli/test_tui_walk.sh), one line each: where, the room, the whole text. */
static void note_cut(int y, int x, int room, const char *text) {
    static const char *path;
    static bool looked;
    if (!looked) {
        path = getenv("WHIST_TUI_CUTS");
        looked = true;
    }
    if (!path || !*path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "row %d, column %d, %d columns: %s\n", y, x, room, text);
    fclose(f);
}

/* Whether text has anything but blanks. */
static bool has_ink(const char *text) {
    for (; *text; text++)
        if (*text != ' ') return true;
    return false;
}

void tui_text(const tui_screen *s, int y, int x, int max_w, int pair, unsigned attrs, const char *text) {
    if (y < 0 || y >= s->h || x >= s->w) {
        if (has_ink(text)) note_cut(y, x, 0, text);
        return;
    }
    int room = s->w - x;
    if (max_w > 0 && max_w < room) room = max_w;
    attr_t a = pair_attr(s, pair) | (attr_t)attrs;
    attron(a);
    /* Clip by display columns (the suit symbols are one column, several bytes). */
    int cols = 0;
    const char *p = text, *end = text;
    while (*p && cols < room) {
        p++;
        while ((*p & 0xC0) == 0x80)
            p++;
        cols++;
        end = p;
    }
    mvaddnstr(y, x, text, (int)(end - text));
    attroff(a);
    if (has_ink(end)) note_cut(y, x, room, text); /* something but blanks did not fit */
}

void tui_textf(const tui_screen *s, int y, int x, int max_w, int pair, unsigned attrs, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    tui_text(s, y, x, max_w, pair, attrs, buf);
}

void tui_fill_row(const tui_screen *s, int y, int pair) {
    if (y < 0 || y >= s->h) return;
    attr_t a = pair_attr(s, pair);
    attron(a);
    mvhline(y, 0, ' ', s->w);
    attroff(a);
}

/* The pieces of a box: corners, edges. */
typedef struct box_chars {
    const char *tl, *tr, *bl, *br, *h, *v;
} box_chars;

static box_chars box_of(const tui_screen *s) {
    if (s->ascii) return (box_chars){"+", "+", "+", "+", "-", "|"};
    return (box_chars){"┌", "┐", "└", "┘", "─", "│"};
}

/* A w x h box at (y, x) in a pair, its inside filled with fill. */
static void draw_frame(const tui_screen *s, int y, int x, int h, int w, int pair, unsigned attrs,
                       const char *fill) {
    box_chars b = box_of(s);
    char line[512];
    for (int r = 0; r < h; r++) {
        size_t n = 0;
        const char *left = r == 0 ? b.tl : r == h - 1 ? b.bl : b.v;
        const char *right = r == 0 ? b.tr : r == h - 1 ? b.br : b.v;
        const char *mid = (r == 0 || r == h - 1) ? b.h : fill;
        n += (size_t)snprintf(line + n, sizeof line - n, "%s", left);
        for (int c = 1; c < w - 1 && n < sizeof line - 8; c++)
            n += (size_t)snprintf(line + n, sizeof line - n, "%s", mid);
        snprintf(line + n, sizeof line - n, "%s", right);
        tui_text(s, y + r, x, w, pair, attrs, line);
    }
}

void tui_draw_card_sized(const tui_screen *s, int y, int x, gw_card c, int look, int w, int h) {
    bool red = gw_suit_is_red(gw_card_suit(c));
    bool sel = look & TUI_CARD_SELECTED;
    int pair = sel ? (red ? TUI_C_SELECT_RED : TUI_C_SELECT) : (red ? TUI_C_CARD_RED : TUI_C_CARD);
    unsigned attrs = 0;
    if (look & TUI_CARD_DIM) attrs |= A_DIM;
    if (sel) attrs |= A_BOLD;
    if (!s->color && sel) attrs |= A_REVERSE;
    if (look & TUI_CARD_WINNER) attrs |= A_BOLD;
    draw_frame(s, y, x, h, w, pair, attrs, " ");
    char label[8];
    tui_card_label(c, s->ascii, label);
    /* Rank at the top left, suit at the bottom right, as on a real card. */
    size_t rank_len = gw_card_rank(c) == GW_RANK_T ? 2 : 1;
    char rank[3] = {0};
    memcpy(rank, label, rank_len);
    const char *suit = label + rank_len;
    if (w < 7 || h < 5) {
        tui_text(s, y + 1, x + 1, 3, pair, attrs | A_BOLD, rank);
        tui_text(s, y + 2, x + w - 2, 1, pair, attrs | A_BOLD, suit);
        if (!s->color && (look & TUI_CARD_DIM)) tui_text(s, y + 2, x + 1, 1, 0, 0, s->ascii ? "." : "·");
        return;
    }
    /* Larger cards: rank (and from 7 rows the suit) at the top left and again at the bottom right, the
     * suit in the middle. */
    bool tall = h >= 7;
    int corner = (int)rank_len + (tall ? 1 : 0);
    tui_text(s, y + 1, x + 1, corner, pair, attrs | A_BOLD, tall ? label : rank);
    tui_text(s, y + h / 2, x + w / 2, 1, pair, attrs | A_BOLD, suit);
    tui_text(s, y + h - 2, x + w - 1 - corner, corner, pair, attrs | A_BOLD, tall ? label : rank);
    if (!s->color && (look & TUI_CARD_DIM)) tui_text(s, y + h - 2, x + 1, 1, 0, 0, s->ascii ? "." : "·");
}

void tui_draw_card(const tui_screen *s, int y, int x, gw_card c, int look) {
    tui_draw_card_sized(s, y, x, c, look, TUI_CARD_W, TUI_CARD_H);
}

void tui_draw_back_sized(const tui_screen *s, int y, int x, int h, int w) {
    draw_frame(s, y, x, h, w, TUI_C_BACK, 0, s->ascii ? "#" : "░");
}

void tui_draw_back(const tui_screen *s, int y, int x, int h) { tui_draw_back_sized(s, y, x, h, TUI_CARD_W); }

void tui_draw_slot_sized(const tui_screen *s, int y, int x, int h, int w) {
    draw_frame(s, y, x, h, w, TUI_C_TABLE, A_DIM, " ");
}

void tui_draw_slot(const tui_screen *s, int y, int x) {
    tui_draw_slot_sized(s, y, x, TUI_CARD_H, TUI_CARD_W);
}

void tui_draw_box(const tui_screen *s, int y, int x, int h, int w, const char *title) {
    draw_frame(s, y, x, h, w, TUI_C_DIALOG, 0, " ");
    if (title && *title) tui_textf(s, y, x + 2, w - 4, TUI_C_DIALOG, A_BOLD, " %s ", title);
}

bool tui_too_small(const tui_screen *s, int min_w, int min_h) {
    if (s->w >= min_w && s->h >= min_h) return false;
    bkgdset(' ');
    erase();
    char msg[128];
    snprintf(msg, sizeof msg, "Terminal too small: %dx%d, whist needs %dx%d.", s->w, s->h, min_w, min_h);
    int y = s->h / 2 - 1;
    mvaddnstr(y < 0 ? 0 : y, 0, msg, s->w);
    if (s->h > 1) mvaddnstr(y + 1 < s->h ? y + 1 : 0, 0, "Enlarge the window, or press q.", s->w);
    refresh();
    return true;
}

bool tui_hidden(const tui_screen *s) { return s->w < TUI_MIN_W || s->h < TUI_MIN_H; }

void tui_show(void) { refresh(); }

void tui_bell(void) { beep(); }

bool tui_key_back(int code) {
    return code == 'q' || code == 27 || code == '\n' || code == '\r' || code == KEY_ENTER;
}

bool tui_key_scroll(int code, int *top, int max_top) {
    switch (code) {
    case KEY_UP:
    case 'k': *top = *top > 0 ? *top - 1 : 0; return true;
    case KEY_DOWN:
    case 'j': *top = *top < max_top ? *top + 1 : max_top; return true;
    case KEY_PPAGE: *top = *top > 10 ? *top - 10 : 0; return true;
    case KEY_NPAGE:
    case ' ': *top = *top + 10 < max_top ? *top + 10 : max_top; return true;
    default: return false;
    }
}
