/* screen.h: the terminal through curses: start and end, colours or not, UTF-8 or ASCII, signals, keys and
 * the mouse, and drawing cards and boxes. */
#ifndef GW_TUI_SCREEN_H
#define GW_TUI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/card.h"

typedef struct tui_screen {
    bool ascii;   /* no UTF-8 locale (or --ascii): boxes of + - | and suit letters */
    bool color;   /* the terminal has colours */
    bool started; /* curses is running */
    int w, h;
} tui_screen;

/* Colour pairs (used only when the terminal has colours). */
enum {
    TUI_C_TABLE = 1, /* the green cloth */
    TUI_C_CARD,      /* black on a white card */
    TUI_C_CARD_RED,  /* red on a white card */
    TUI_C_BACK,      /* the back of a card */
    TUI_C_SELECT,    /* a selected card */
    TUI_C_SELECT_RED,
    TUI_C_TITLE,  /* the title and key lines */
    TUI_C_MARK,   /* whose turn, the best hint, the winner */
    TUI_C_WARN,   /* refusals and warnings */
    TUI_C_DIALOG, /* boxes over the table */
    TUI_C_RED_TEXT
};

/* Card looks for tui_draw_card. */
enum { TUI_CARD_DIM = 1, TUI_CARD_SELECTED = 2, TUI_CARD_WINNER = 4 };

/* Starts curses on the terminal: UTF-8 unless force_ascii or the locale is
 * not UTF-8, colours when the terminal has them, keypad and mouse. Returns
 * false with the reason in why if the terminal cannot be used. */
bool tui_screen_start(tui_screen *s, bool force_ascii, char *why, size_t cap);
/* Restores the terminal (safe to call twice). */
void tui_screen_end(tui_screen *s);

/* SIGINT, SIGTERM and SIGHUP only set a flag, read by tui_read_key. */
void tui_signals_install(void);
/* The signal caught, or 0. */
int tui_signal_caught(void);

/* Keys beyond curses' own. */
enum { TUI_KEY_NONE = -1, TUI_KEY_SIGNAL = -2, TUI_KEY_CLICK = -3 };
typedef struct tui_key {
    int code; /* a character, a curses KEY_ code, KEY_RESIZE, or a TUI_KEY_ code */
    int y, x; /* TUI_KEY_CLICK: the cell clicked */
} tui_key;

/* Waits for a key up to timeout_ms (negative: without limit). Returns
 * TUI_KEY_NONE on timeout and TUI_KEY_SIGNAL once a signal was caught; on
 * KEY_RESIZE the size in s is updated. */
tui_key tui_read_key(tui_screen *s, int timeout_ms);

/* True for a key that leaves a page or viewer: q, Esc or Enter. */
bool tui_key_back(int code);
/* Scrolls a page of text by key code: Up/k and Down/j one line, PgUp and
 * PgDn/Space ten, top kept from 0 to max_top (INT_MAX: no upper bound, the
 * drawing clamps it). False for any other key (top unchanged). */
bool tui_key_scroll(int code, int *top, int max_top);

/* Clears the screen to the table colour. */
void tui_clear(const tui_screen *s);
/* Writes text at (y, x) clipped to max_w columns (no clipping if max_w <= 0) with a colour pair and
 * attributes. */
void tui_text(const tui_screen *s, int y, int x, int max_w, int pair, unsigned attrs, const char *text);
/* As tui_text with a printf format. */
void tui_textf(const tui_screen *s, int y, int x, int max_w, int pair, unsigned attrs, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/* Paints row y across the screen in a colour pair. */
void tui_fill_row(const tui_screen *s, int y, int pair);
/* A face-up card whose top-left corner is (y, x), TUI_CARD_W x TUI_CARD_H. */
void tui_draw_card(const tui_screen *s, int y, int x, gw_card c, int look);
/* A face-up card w columns by h rows (5x4 as tui_draw_card; from 7x5 the suit also sits in the middle and
 * the rank again at the bottom right, from 7 rows the suit by each rank). */
void tui_draw_card_sized(const tui_screen *s, int y, int x, gw_card c, int look, int w, int h);
/* A face-down card of height h (3 or 4), TUI_CARD_W wide. */
void tui_draw_back(const tui_screen *s, int y, int x, int h);
/* A face-down card w columns by h rows. */
void tui_draw_back_sized(const tui_screen *s, int y, int x, int h, int w);
/* An empty card-sized outline (a place for a card). */
void tui_draw_slot(const tui_screen *s, int y, int x);
/* An empty outline w columns by h rows. */
void tui_draw_slot_sized(const tui_screen *s, int y, int x, int h, int w);
/* A framed box with a title, its inside cleared, for dialogs over the table. */
void tui_draw_box(const tui_screen *s, int y, int x, int h, int w, const char *title);
/* When the terminal is smaller than min_w x min_h, shows a message saying
 * so and returns true. */
bool tui_too_small(const tui_screen *s, int min_w, int min_h);
/* Whether the terminal is smaller than the table's minimum (TUI_MIN_W x TUI_MIN_H): the too-small
 * message is on show, and a screen must then act on no key but q (leave) and resizes. */
bool tui_hidden(const tui_screen *s);
/* Shows the frame. */
void tui_show(void);
/* Rings the terminal bell. */
void tui_bell(void);

#endif
