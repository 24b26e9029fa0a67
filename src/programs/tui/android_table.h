/* android_table.h: drawing the Android Whist table from one human's view: four seats, the opposing android
 * face up, your android face down, the trick, tricks per side, game points and games in the rubber. */
#ifndef GW_TUI_ANDROID_TABLE_H
#define GW_TUI_ANDROID_TABLE_H

#include <stdbool.h>

#include "gw/android.h"
#include "gw/android_score.h"
#include "screen.h"

/* One frame of the Android Whist table. */
typedef struct tui_android_view {
    const gw_android_view *v;   /* what the human at the bottom may see */
    const gw_android_rubber *r; /* the rubber so far (game points, games) */
    const char *names[2];       /* the humans' names: "You", "Computer", "Player 1" ... */
    gw_suit_style order;
    int sel;                       /* the selected own card (display index), -1 for none */
    bool dim_illegal;              /* the human plays a card: dim the ones they may not */
    const gw_android_trick *shown; /* a finished trick to show, or NULL for the trick in play */
    const char *news[2];
    const char *status;
    bool status_warn;
    const char *keys;
} tui_android_view;

/* The screen position of a seat for the human at the bottom: 0 bottom, 1 left, 2 top, 3 right. */
static inline int tui_android_place(int viewer_seat, int seat) {
    return (seat - viewer_seat + GW_SEATS) % GW_SEATS;
}

/* Where everything goes on a w x h terminal: at 80x24 the smallest table; on larger terminals the trick
 * and the seats spread out around the centre, with wider spacing between the cards (pure). */
typedef struct tui_android_layout {
    int w, h;
    int top_y, top_x, top_stride; /* your android's backs */
    int side_y, left_x, right_x;  /* the side seats' labels (their cards below) */
    int trick_y[4], trick_x[4];   /* the trick's cards by place: bottom, left, top, right */
    int news_y, news_x;           /* two lines of news */
    int me_y, me_x;               /* the own seat's label */
    int hand_y;                   /* the raised row of the own hand; the cards sit one below */
    int menu_y;                   /* the command menu's top row */
} tui_android_layout;

void tui_android_layout_compute(int w, int h, tui_android_layout *L);
/* The column of own card i of n. */
int tui_android_card_x(const tui_android_layout *L, int n, int i);

/* Draws the frame (too-small message below 80x24); the caller shows it. */
void tui_android_draw(const tui_screen *s, const tui_android_view *av);

/* The human's cards in display order (as drawn); returns the count. */
int tui_android_hand(const tui_android_view *av, gw_card out[GW_RANKS]);

/* The own card at a screen cell (-1 if none), for mouse clicks. */
int tui_android_card_at(const tui_screen *s, int ncards, int y, int x);

#endif
